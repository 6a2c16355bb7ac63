import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authFailures } from '../../db/schema/sessions';
import { domainError } from '../../lib/domain-error';

export interface FailureLimits {
  perEmail: number;
  perIp: number;
  windowSeconds: number;
}

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Refuses a sign-in attempt (429) when the email or the IP has failed too often in the window. */
export async function assertSignInAllowed(db: Db, email: string, ip: string, limits: FailureLimits) {
  const since = Date.now() - limits.windowSeconds * 1000;
  const rows = await db
    .select()
    .from(authFailures)
    .where(inArray(authFailures.key, [emailKey(email), ipKey(ip)]));
  for (const row of rows) {
    if (row.windowStart <= since) continue;
    const limit = row.key.startsWith('email:') ? limits.perEmail : limits.perIp;
    if (row.count >= limit) {
      const retryAfter = Math.ceil((row.windowStart + limits.windowSeconds * 1000 - Date.now()) / 1000);
      throw domainError('TOO_MANY_REQUESTS', 'Too many failed sign-in attempts. Try again later.', { retryAfter });
    }
  }
}

/** Counts a failure for both keys; a window older than the limit window starts over. */
export async function recordSignInFailure(db: Db, email: string, ip: string, limits: FailureLimits) {
  const now = Date.now();
  const since = now - limits.windowSeconds * 1000;
  const upsert = (key: string) =>
    db
      .insert(authFailures)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: authFailures.key,
        set: {
          count: sql`CASE WHEN ${authFailures.windowStart} <= ${since} THEN 1 ELSE ${authFailures.count} + 1 END`,
          windowStart: sql`CASE WHEN ${authFailures.windowStart} <= ${since} THEN ${now} ELSE ${authFailures.windowStart} END`,
        },
      });
  await db.batch([upsert(emailKey(email)), upsert(ipKey(ip))]);
}

export function clearEmailFailures(db: Db, email: string) {
  return db.delete(authFailures).where(inArray(authFailures.key, [emailKey(email)]));
}
