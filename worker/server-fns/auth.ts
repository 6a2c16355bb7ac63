import { authServerFns } from '../contract/server-fns/auth';
import { findUserById } from '../domains/users/find-user';
import { toUserDto } from '../domains/users/user-dto';
import { signOut as endSession } from '../http/auth/sign-out';
import { implementServerFns, publicFn } from './define';

export const authFns = implementServerFns(authServerFns, {
  getUser: publicFn(async ({ ctx }) => {
    if (!ctx.session) return null;
    const user = await findUserById(ctx.db, ctx.session.sub);
    return user && !user.disabled ? toUserDto(user) : null;
  }),
  signOut: publicFn(async ({ ctx }) => {
    await endSession(ctx.c);
    return { success: true as const };
  }),
});
