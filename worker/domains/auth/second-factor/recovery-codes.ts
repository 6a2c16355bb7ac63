import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { recoveryCodes } from '../../../db/schema/second-factors';
import { hashToken } from '../tokens';

/**
 * Ten one-time recovery codes per user, for a lost device. Each is 10 characters of a 32-letter
 * alphabet (50 random bits), shown once as "xxxxx-xxxxx" and stored as SHA-256 of (user, code): at
 * 50 bits a fast hash is enough (no guessing within the sign-in limits), and a leaked table opens
 * nothing. Using one is one conditional UPDATE, so it works exactly once.
 */
export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32 (no i, l, o, u): codes are read off paper, and 0/o or 1/l never both exist.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 10;

export function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
  const chars = [...bytes].map((b) => ALPHABET[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What a typed code is compared as: lower case, no spaces or dashes. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
export const isRecoveryCode = (code: string) => /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(code));

const codeHash = (userId: string, code: string) => hashToken(`${userId}:${normalizeRecoveryCode(code)}`);

/** Ten new codes and the rows that store them (hashed), to be written by the caller. */
export async function newRecoveryCodeSet(userId: string, now = Date.now()) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const rows = await Promise.all(
    codes.map(async (code) => ({ userId, codeHash: await codeHash(userId, code), createdAt: now, usedAt: null })),
  );
  return { codes, rows };
}

/** Replaces the user's codes with ten new ones; answers them (shown once, never stored in the clear). */
export async function replaceRecoveryCodes(db: Db, userId: string, now = Date.now()): Promise<string[]> {
  const { codes, rows } = await newRecoveryCodeSet(userId, now);
  await db.batch([db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)), db.insert(recoveryCodes).values(rows)]);
  return codes;
}

/** Uses a code: true once per code, false for a wrong or used one. */
export async function useRecoveryCode(db: Db, userId: string, code: string, now = Date.now()): Promise<boolean> {
  if (!isRecoveryCode(code)) return false;
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, await codeHash(userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return !!used;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  return (await unusedRecoveryCodesQuery(db, userId)).length;
}

/** unusedRecoveryCodes' read, unawaited (for a batch): one row per unused code. */
export const unusedRecoveryCodesQuery = (db: Db, userId: string) =>
  db
    .select({ hash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
