import type { Db } from '../db/client';
import type { UserRow } from '../db/schema/users';
import { assertAccess, type AccessLevel, type Session } from '../domains/auth/access';
import { confirmsInD1, reloadCaller } from '../domains/auth/fresh-caller';

/**
 * The one access check of every RPC call, procedure or live-stream fast path: the token answers
 * first (no read for callers it already refuses); then every call but a plain approved read
 * confirms the caller in D1 (fresh-caller.ts) and runs with D1's claims, so a removed power or a
 * disabled or signed-out user is refused at once. `actor` is the caller as D1 has them, when read.
 */
export async function admitCaller(
  db: Db,
  level: AccessLevel,
  token: Session | null,
  writes: boolean,
): Promise<{ session: Session; actor: UserRow | undefined }> {
  const session = assertAccess(level, token) as Session;
  if (!confirmsInD1(level, writes, session)) return { session, actor: undefined };
  const caller = await reloadCaller(db, session, level);
  return { session: caller.session, actor: caller.user };
}
