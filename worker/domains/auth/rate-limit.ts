import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authFailures } from '../../db/schema/sessions';
import { domainError } from '../../lib/domain-error';

export interface FailureLimits {
  perEmail: number;
  perIp: number;
  windowSeconds: number;
}

export interface SignUpLimits {
  perIp: number;
  global: number;
  windowSeconds: number;
}

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;
const signUpIpKey = (ip: string) => `signup-ip:${ip}`;
const SIGN_UP_ALL = 'signup:all';

interface Counter {
  key: string;
  limit: number;
}

/**
 * Takes one slot of each counter in a fixed window, atomically: one UPSERT per counter whose
 * update only happens while the counter is under its limit (or its window is over), so parallel
 * callers cannot all read "4 of 5" and pass. A counter that refuses returns no row; then the slots
 * already taken are given back and the call is refused with 429.
 */
async function reserve(db: Db, counters: Counter[], windowSeconds: number, message: string) {
  const now = Date.now();
  const since = now - windowSeconds * 1000;
  const take = ({ key, limit }: Counter) =>
    db
      .insert(authFailures)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: authFailures.key,
        set: {
          count: sql`CASE WHEN ${authFailures.windowStart} <= ${since} THEN 1 ELSE ${authFailures.count} + 1 END`,
          windowStart: sql`CASE WHEN ${authFailures.windowStart} <= ${since} THEN ${now} ELSE ${authFailures.windowStart} END`,
        },
        setWhere: sql`${authFailures.windowStart} <= ${since} OR ${authFailures.count} < ${limit}`,
      })
      .returning({ key: authFailures.key });
  const [first, ...rest] = counters.map(take);
  const results = await db.batch([first!, ...rest]);
  const refused = counters.filter((_, i) => results[i]!.length === 0);
  if (!refused.length) return;
  const taken = counters.filter((_, i) => results[i]!.length > 0).map((c) => c.key);
  if (taken.length) await release(db, taken);
  const blocking = await db
    .select({ windowStart: authFailures.windowStart })
    .from(authFailures)
    .where(
      inArray(
        authFailures.key,
        refused.map((c) => c.key),
      ),
    );
  const ends = Math.max(now, ...blocking.map((row) => row.windowStart + windowSeconds * 1000));
  throw domainError('TOO_MANY_REQUESTS', message, { retryAfter: Math.max(1, Math.ceil((ends - now) / 1000)) });
}

/** Gives back `slots` slots of each key (attempts that turned out not to count). */
function release(db: Db, keys: string[], slots = 1) {
  return db
    .update(authFailures)
    .set({ count: sql`MAX(${authFailures.count} - ${slots}, 0)` })
    .where(inArray(authFailures.key, keys));
}

/**
 * Reserves a sign-in attempt for the email and the IP before the password is hashed (429 when
 * either has used its attempts in the window). A failed attempt keeps its slot; a successful one
 * gives it back with `signInSucceeded`.
 */
export function reserveSignInAttempt(db: Db, email: string, ip: string, limits: FailureLimits) {
  return reserve(
    db,
    [
      { key: emailKey(email), limit: limits.perEmail },
      { key: ipKey(ip), limit: limits.perIp },
    ],
    limits.windowSeconds,
    'Too many failed sign-in attempts. Try again later.',
  );
}

/**
 * A sign-in succeeded: the email's failures are forgiven and the IP's slots of this sign-in are given
 * back — one for a password alone, two when a second step followed it (the password's and the code's),
 * so signing in with a second factor does not use up the IP's attempts.
 */
export async function signInSucceeded(db: Db, email: string, ip: string, ipSlots = 1) {
  await db.batch([db.delete(authFailures).where(eq(authFailures.key, emailKey(email))), release(db, [ipKey(ip)], ipSlots)]);
}

/** A sign-in that was not a failed guess (e.g. a disabled account): both slots go back. */
export function releaseSignInAttempt(db: Db, email: string, ip: string) {
  return release(db, [emailKey(email), ipKey(ip)]);
}

/** Every sign-up costs a full password hash: limited per IP and for the whole site (429). */
export function reserveSignUp(db: Db, ip: string, limits: SignUpLimits) {
  return reserve(
    db,
    [
      { key: signUpIpKey(ip), limit: limits.perIp },
      { key: SIGN_UP_ALL, limit: limits.global },
    ],
    limits.windowSeconds,
    'Too many sign-ups. Try again later.',
  );
}
