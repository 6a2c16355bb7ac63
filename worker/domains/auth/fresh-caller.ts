import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { users, type UserRow } from '../../db/schema/users';
import { domainError } from '../../lib/domain-error';
import { assertAccess, isAdminRole, type AccessLevel, type Session } from './access';
import { claimsFromUser } from './claims';

/**
 * Whether a call may be authorised by the access token alone. Only plain approved reads may: the
 * token's claims are up to ACCESS_TOKEN_TTL_SECONDS old. Every other call confirms the caller in D1
 * first (`reloadCaller`): terminal, risk-team and admin powers, every write, and reads that a
 * risk-team or admin token widens (every account, another trader's orders), so a removed power,
 * a disabled user or a signed-out session is refused at the next call, not at token expiry.
 * Callers whose token grants none of that (anonymous, unapproved) are refused without a read.
 */
export function confirmsInD1(level: AccessLevel, writes: boolean, session: Session | null): boolean {
  if (!session || level === 'public' || level === 'authed') return false;
  if (level !== 'approved') return true;
  return writes || session.isRiskTeam || isAdminRole(session.role);
}

/**
 * One D1 read (the session joined to its user): 401 when the session is signed out or expired or the
 * user disabled or gone; the level's catalogue error (403) when D1 no longer grants it. Returns the
 * session with D1's role, approval and flags, which every check after this one reads, and the user.
 */
export async function reloadCaller(db: Db, session: Session, level: AccessLevel): Promise<{ session: Session; user: UserRow }> {
  const row = await db
    .select({ user: users, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, session.sid), eq(sessions.userId, session.sub)))
    .get();
  if (!row || row.user.disabled || row.revokedAt !== null || row.expiresAt <= Date.now())
    throw domainError('UNAUTHORIZED', 'Sign in required');
  const fresh: Session = { ...session, ...claimsFromUser(row.user, session.sid) };
  assertAccess(level, fresh);
  return { session: fresh, user: row.user };
}
