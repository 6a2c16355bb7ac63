import { signOut as endSession } from '../http/auth/sign-out';
import { findUserById } from '../domains/users/find-user';
import { toUserDto } from '../domains/users/user-dto';
import { defineServerFn, noInput } from './define';

/** The signed-in user read from D1, or null for anonymous callers. */
export const getUser = defineServerFn({
  method: 'GET',
  access: 'public',
  input: noInput,
  handler: async ({ ctx }) => {
    if (!ctx.session) return null;
    const user = await findUserById(ctx.db, ctx.session.sub);
    return user && !user.disabled ? toUserDto(user) : null;
  },
});

export const signOut = defineServerFn({
  method: 'POST',
  access: 'public',
  input: noInput,
  handler: async ({ ctx }) => {
    await endSession(ctx.c);
    return { success: true };
  },
});
