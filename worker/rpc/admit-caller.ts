import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/users';
import { assertAccess, type AccessLevel, type Session } from '../domains/auth/access';
import { confirmsInD1, reloadCaller, type FreshCheck } from '../domains/auth/fresh-caller';

/**
 * The one access check of every RPC call, procedure or live-stream fast path: the token answers
 * first (no read for callers it already refuses); then every call but a plain approved read
 * confirms the caller in D1 (fresh-caller.ts) and runs with D1's claims, so a removed power or a
 * disabled or signed-out user is refused at once, and so is a power whose second factor is missing
 * (or, for a step-up call, older than 5 minutes). `actor` is the caller as D1 has them, when read.
 */
export async function admitCaller(
  db: Db,
  level: AccessLevel,
  token: Session | null,
  writes: boolean,
  check: FreshCheck,
): Promise<{ session: Session; actor: UserRow | undefined; secondFactorAt: number | null | undefined }> {
  const session = assertAccess(level, token) as Session;
  if (!confirmsInD1(level, writes, session, check.stepUp)) return { session, actor: undefined, secondFactorAt: undefined };
  const caller = await reloadCaller(db, session, level, check);
  return { session: caller.session, actor: caller.user, secondFactorAt: caller.secondFactor.confirmedAt };
}
