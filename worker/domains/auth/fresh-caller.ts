import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { secondFactors } from '../../db/schema/second-factors';
import { sessions } from '../../db/schema/sessions';
import { users, type UserRow } from '../../db/schema/users';
import { domainError } from '../../lib/domain-error';
import { assertAccess, isAdminRole, type AccessLevel, type Session } from './access';
import { claimsFromUser } from './claims';
import {
  holdsPowers,
  POWER_LEVELS,
  secondFactorError,
  secondFactorVerdict,
  type SecondFactorPolicy,
  type SecondFactorState,
} from './second-factor/policy';

/**
 * Whether a call may be authorised by the access token alone. Only plain approved reads may: the
 * token's claims are up to ACCESS_TOKEN_TTL_SECONDS old. Every other call confirms the caller in D1
 * first (`reloadCaller`): terminal, risk-team and admin powers, every write (signed-in writes of the
 * authed level too: enrolling a second factor, ending a session), step-up calls, and reads that a
 * risk-team or admin token widens (every account, another trader's orders), so a removed power,
 * a disabled user or a signed-out session is refused at the next call, not at token expiry.
 * Callers whose token grants none of that (anonymous, unapproved) are refused without a read.
 */
export function confirmsInD1(level: AccessLevel, writes: boolean, session: Session | null, stepUp = false): boolean {
  if (!session || level === 'public') return false;
  if (level === 'authed') return writes || stepUp;
  if (level !== 'approved') return true;
  return writes || stepUp || session.isRiskTeam || isAdminRole(session.role);
}

/** How a call is checked beyond its level: the second-factor policy, and whether it is a step-up call. */
export interface FreshCheck {
  policy: SecondFactorPolicy;
  stepUp?: boolean;
}

/** A session whose second factor is missing keeps approved access but none of the powers it guards. */
const withoutPowers = (session: Session): Session => ({ ...session, role: 'user', isRiskTeam: false, can_use_terminal: false });

/** The check's one D1 read: the session joined to its user, and whether the user has a second factor. */
export const callerQuery = (db: Db, session: Session) =>
  db
    .select({
      user: users,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      confirmedAt: sessions.secondFactorAt,
      enrolled: sql<number>`exists (select 1 from ${secondFactors} where ${secondFactors.userId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, session.sid), eq(sessions.userId, session.sub)));

export type CallerRow = Awaited<ReturnType<typeof callerQuery>>[number];

export interface FreshCaller {
  session: Session;
  user: UserRow;
  secondFactor: SecondFactorState;
}

/**
 * One D1 read (callerQuery): 401 when the session is signed out or expired or the user disabled or
 * gone; the level's catalogue error (403) when D1 no longer grants it; 403 with data.reason when the
 * second factor is missing or, for a step-up call, older than 5 minutes (second-factor/policy.ts).
 * Returns the session with D1's role, approval and flags, which every check after this one reads,
 * and the user. A power user whose second factor is missing keeps approved access with the powers
 * stripped, so reads that a power widens (every account, another trader's orders) are not widened.
 */
export async function reloadCaller(db: Db, session: Session, level: AccessLevel, check: FreshCheck): Promise<FreshCaller> {
  return callerVerdict(await callerQuery(db, session).get(), session, level, check);
}

/** reloadCaller's verdict on the row its read returned (admit-alongside.ts reads it in a batch of its own). */
export function callerVerdict(row: CallerRow | undefined, session: Session, level: AccessLevel, check: FreshCheck): FreshCaller {
  if (!row || row.user.disabled || row.revokedAt !== null || row.expiresAt <= Date.now())
    throw domainError('UNAUTHORIZED', 'Sign in required');
  let fresh: Session = { ...session, ...claimsFromUser(row.user, session.sid) };
  assertAccess(level, fresh);
  const secondFactor: SecondFactorState = { enrolled: row.enrolled === 1, confirmedAt: row.confirmedAt };
  const power = POWER_LEVELS.includes(level);
  const now = Date.now();
  const reason = secondFactorVerdict(secondFactor, { power, stepUp: check.stepUp ?? false, policy: check.policy, now });
  if (reason) throw secondFactorError(reason);
  // Below the power levels the call runs, but as a plain approved user until the factor is confirmed.
  const powersLocked = secondFactorVerdict(secondFactor, { power: true, stepUp: false, policy: check.policy, now }) !== null;
  if (!power && holdsPowers(row.user) && powersLocked) fresh = withoutPowers(fresh);
  return { session: fresh, user: row.user, secondFactor };
}
