import { getConfig } from '../../env';
import { sameClaims, claimsFromUser } from '../../domains/auth/claims';
import { userWithLiveSession } from '../../domains/auth/sessions';
import { findUserByIdRiding } from '../../domains/users/find-user';
import { listUsers } from '../../domains/users/list-users';
import { updateUser } from '../../domains/users/update-user';
import { toUserDto, type UserDto } from '../../domains/users/user-dto';
import { accessCookieFor } from '../../http/auth/issue';
import { domainError } from '../../lib/domain-error';
import { admin, authed } from '../procedures';

export const usersRouter = {
  getCurrentUser: authed.getCurrentUser.handler(async ({ context }) => {
    const { db, session } = context;
    const found = await userWithLiveSession(db, session.sub, session.sid);
    const user = found?.user;
    if (!user || user.disabled || !found.live) throw domainError('UNAUTHORIZED', 'Session ended, please sign in again');
    // Claims changed (approved, role, flags): re-issue the access token so the change applies now.
    if (!sameClaims(claimsFromUser(user, session.sid), session)) {
      context.resHeaders?.append('Set-Cookie', await accessCookieFor(context.url, getConfig(context.env), user, session.sid));
    }
    return toUserDto(user);
  }),

  listUsers: admin.listUsers.handler(({ context, input }) => listUsers(context.db, input)),

  updateUser: admin.updateUser.handler(async ({ context, input }) => {
    const { id, ...changes } = input;
    const target = await findUserByIdRiding(context.db, id);
    const powers = (u: UserDto) => ({
      approved: u.approved,
      role: u.role,
      isRiskTeam: u.isRiskTeam,
      can_use_terminal: u.can_use_terminal,
      disabled: u.disabled,
    });
    Object.assign(context.auditNote!, {
      target: { type: 'user', id, label: target?.email ?? null },
      before: target ? powers(toUserDto(target)) : null,
      after: changes,
    });
    const updated = await updateUser(context.db, context.actor, target, changes);
    context.auditNote!.after = powers(updated);
    return updated;
  }),
};
