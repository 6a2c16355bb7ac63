import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { domainError } from '../../lib/domain-error';
import { findUserById } from '../users/find-user';
import { assertAccess, type Session } from './access';
import { isSessionLive } from './sessions';

/**
 * The admin level re-reads the caller and the session from D1 (RPC `admin` base procedure and every
 * admin server function), so a demoted, unapproved, disabled or signed-out admin loses the power at
 * once, not when the access token expires. Returns the caller as D1 has it.
 */
export async function reloadAdmin(db: Db, session: Session): Promise<UserRow> {
  const [actor, live] = await Promise.all([findUserById(db, session.sub), isSessionLive(db, session.sid)]);
  if (!actor || actor.disabled || !live) throw domainError('UNAUTHORIZED', 'Sign in required');
  assertAccess('admin', { ...session, role: actor.role, approved: actor.approved });
  return actor;
}
