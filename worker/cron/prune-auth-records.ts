import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authChallenges } from '../db/schema/second-factors';
import { authFailures, sessions } from '../db/schema/sessions';

const DAY = 86_400_000;

/** Drops expired sessions (their refresh tokens cascade), stale failure counters and expired second-factor ceremonies. */
export async function pruneAuthRecords(db: Db) {
  const now = Date.now();
  await db.batch([
    db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, now - 7 * DAY)))),
    db.delete(authFailures).where(lt(authFailures.windowStart, now - DAY)),
    db.delete(authChallenges).where(lt(authChallenges.expiresAt, now)),
  ]);
}
