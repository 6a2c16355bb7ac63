import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { authChallenges } from '../../../db/schema/second-factors';
import { hashToken, newOpaqueToken } from '../tokens';

/** A sign-in waits this long for its second factor; a ceremony of a signed-in user as long. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export type ChallengePurpose = (typeof authChallenges.$inferSelect)['purpose'];
export type ChallengeRow = typeof authChallenges.$inferSelect;

/**
 * A sign-in whose password was right and whose second factor is still to come. The browser holds
 * the token (an HttpOnly cookie on /api/auth); D1 holds only its SHA-256, so a database read does not
 * yield a half-signed-in state anyone could finish.
 */
export async function startPendingSignIn(db: Db, userId: string, now = Date.now()) {
  const token = newOpaqueToken();
  const expiresAt = now + CHALLENGE_TTL_MS;
  await db.insert(authChallenges).values({ id: await hashToken(token), userId, purpose: 'signIn', createdAt: now, expiresAt });
  return { token, expiresAt };
}

export async function pendingSignIn(db: Db, token: string, now = Date.now()): Promise<ChallengeRow | undefined> {
  return db.query.authChallenges.findFirst({
    where: and(
      eq(authChallenges.id, await hashToken(token)),
      eq(authChallenges.purpose, 'signIn'),
      gt(authChallenges.expiresAt, now),
    ),
  });
}

/**
 * Ends a ceremony, once: the row is deleted and returned, so of two parallel completions only one
 * gets it (a second factor finishes one sign-in, never two).
 */
export async function consumeChallenge(db: Db, id: string, now = Date.now()): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.id, id), gt(authChallenges.expiresAt, now)))
    .returning();
  return row;
}

/** Stores the WebAuthn challenge of the passkey step of a pending sign-in. */
export function setChallenge(db: Db, id: string, challenge: string) {
  return db.update(authChallenges).set({ challenge }).where(eq(authChallenges.id, id));
}

/**
 * A ceremony of a signed-in session (adding a passkey or an authenticator app, a passkey step-up):
 * one at a time per session and purpose, so starting again replaces the last one.
 */
export async function startSessionCeremony(
  db: Db,
  scope: { userId: string; sessionId: string; purpose: Exclude<ChallengePurpose, 'signIn'> },
  values: { challenge?: string; totpSecret?: string },
  now = Date.now(),
): Promise<ChallengeRow> {
  const row: ChallengeRow = {
    id: crypto.randomUUID(),
    ...scope,
    challenge: values.challenge ?? null,
    totpSecret: values.totpSecret ?? null,
    createdAt: now,
    expiresAt: now + CHALLENGE_TTL_MS,
  };
  await db.batch([
    db
      .delete(authChallenges)
      .where(and(eq(authChallenges.sessionId, scope.sessionId), eq(authChallenges.purpose, scope.purpose))),
    db.insert(authChallenges).values(row),
  ]);
  return row;
}

/** The session's live ceremony of that purpose, taken (deleted) so it completes at most once. */
export async function takeSessionCeremony(
  db: Db,
  sessionId: string,
  purpose: Exclude<ChallengePurpose, 'signIn'>,
  now = Date.now(),
): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.sessionId, sessionId), eq(authChallenges.purpose, purpose), gt(authChallenges.expiresAt, now)))
    .returning();
  return row;
}

/** The session's live ceremony of that purpose, left in place (a mistyped code may be tried again). */
export function sessionCeremony(
  db: Db,
  sessionId: string,
  purpose: Exclude<ChallengePurpose, 'signIn'>,
  now = Date.now(),
): Promise<ChallengeRow | undefined> {
  return db.query.authChallenges.findFirst({
    where: and(eq(authChallenges.sessionId, sessionId), eq(authChallenges.purpose, purpose), gt(authChallenges.expiresAt, now)),
  });
}
