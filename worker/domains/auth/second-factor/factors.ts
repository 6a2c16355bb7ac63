import { and, eq, exists, gt, isNull, notExists, sql } from 'drizzle-orm';
import type { SecondFactorKind } from '../../../contract/enums';
import type { Db } from '../../../db/client';
import { authChallenges, recoveryCodes, secondFactors, type SecondFactorRow } from '../../../db/schema/second-factors';
import { sessions } from '../../../db/schema/sessions';
import { insertWhere } from '../../../db/insert-where';
import { domainError } from '../../../lib/domain-error';

/** A second factor as its owner sees it: never a secret, a public key or a counter. */
export interface SecondFactorDto {
  id: string;
  kind: SecondFactorKind;
  label: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export const toFactorDto = (row: SecondFactorRow): SecondFactorDto => ({
  id: row.id,
  kind: row.kind,
  label: row.label,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

/** A user's factors, oldest first, as a query (a write can batch it after itself). */
export const factorsQuery = (db: Db, userId: string) =>
  db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).orderBy(secondFactors.createdAt);

export function factorsOf(db: Db, userId: string): Promise<SecondFactorRow[]> {
  return factorsQuery(db, userId);
}

/** The kinds a user can finish a sign-in with (what POST /api/auth/sign-in/email answers). */
export async function signInMethods(db: Db, userId: string) {
  const [factors, codes] = await db.batch([
    db.select({ kind: secondFactors.kind }).from(secondFactors).where(eq(secondFactors.userId, userId)),
    db
      .select({ userId: recoveryCodes.userId })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .limit(1),
  ]);
  const kinds = [...new Set(factors.map((f) => f.kind))].sort() as SecondFactorKind[];
  return { kinds, recoveryCodes: codes.length > 0 };
}

type NewFactor = Omit<SecondFactorRow, 'lastUsedAt' | 'totpLastStep'> & { totpLastStep?: number | null };

/**
 * Records a new factor, counts it as confirmed for the session that added it, and spends the
 * ceremony `challengeId` that proved it, in one batch (one round, one transaction): the factor and
 * the session's confirmation are written only while the ceremony is live, and it is deleted last. Undefined when it was spent or expired
 * (a second confirm racing the first writes nothing).
 */
export async function addFactorSpending(
  db: Db,
  sessionId: string,
  challengeId: string,
  row: NewFactor,
  recoveryCodeRows: (typeof recoveryCodes.$inferSelect)[] = [],
): Promise<SecondFactorRow | undefined> {
  const now = row.createdAt;
  const live = and(eq(authChallenges.id, challengeId), gt(authChallenges.expiresAt, now))!;
  const full: SecondFactorRow = { ...row, totpLastStep: row.totpLastStep ?? null, lastUsedAt: now };
  // A first factor's recovery codes replace any left, in the same batch and under the same guard.
  const codes = recoveryCodeRows.length
    ? [
        db.delete(recoveryCodes).where(
          and(
            eq(recoveryCodes.userId, row.userId),
            exists(
              db
                .select({ one: sql`1` })
                .from(authChallenges)
                .where(live),
            ),
          ),
        ),
        ...recoveryCodeRows.map((code) => insertWhere(db, recoveryCodes, code, authChallenges, live)),
      ]
    : [];
  const [, , ...rest] = await db.batch([
    insertWhere(db, secondFactors, full, authChallenges, live),
    db
      .update(sessions)
      .set({ secondFactorAt: now, lastSeenAt: now })
      .where(
        and(
          eq(sessions.id, sessionId),
          exists(
            db
              .select({ one: sql`1` })
              .from(authChallenges)
              .where(live),
          ),
        ),
      ),
    ...codes,
    db.delete(authChallenges).where(live).returning({ id: authChallenges.id }),
  ]);
  const spent = rest.at(-1) as { id: string }[];
  return spent.length ? full : undefined;
}

/**
 * Removes one of the caller's factors (404 for anyone else's). Their last one takes the recovery
 * codes along. One batch: the removal, the codes' (only when no factor is left), and what is left.
 */
export async function removeFactor(db: Db, userId: string, factorId: string) {
  const [[removed], , factors, codes] = await db.batch([
    db
      .delete(secondFactors)
      .where(and(eq(secondFactors.id, factorId), eq(secondFactors.userId, userId)))
      .returning(),
    // Recovery codes stand in for a factor; with none left they would be a way around it.
    db
      .delete(recoveryCodes)
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          notExists(db.select({ id: secondFactors.id }).from(secondFactors).where(eq(secondFactors.userId, userId))),
        ),
      ),
    factorsQuery(db, userId),
    db
      .select({ hash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  if (!removed) throw domainError('NOT_FOUND', 'No such second factor');
  return { removed, factors, recoveryCodesLeft: codes.length };
}

/**
 * An admin's reset for a user who lost every factor and their recovery codes: factors, codes and
 * ceremonies go, and every session ends (the user signs in with the password and enrols again).
 */
export async function resetSecondFactors(db: Db, userId: string, now = Date.now()): Promise<number> {
  const [removed] = await db.batch([
    db.delete(secondFactors).where(eq(secondFactors.userId, userId)).returning({ id: secondFactors.id }),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.delete(authChallenges).where(eq(authChallenges.userId, userId)),
    db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'second factors reset' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
  ]);
  return removed.length;
}

/** A step-up, a sign-in's second step or a used recovery code: the session confirmed a factor now. */
export function markConfirmed(db: Db, sessionId: string, now = Date.now()) {
  return db.update(sessions).set({ secondFactorAt: now, lastSeenAt: now }).where(eq(sessions.id, sessionId));
}
