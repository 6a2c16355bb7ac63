import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../../db/client';
import { secondFactors, type SecondFactorRow } from '../../../db/schema/second-factors';
import { openSecret, sealSecret, type KeyRing } from '../../orders/key-vault';

/**
 * Authenticator-app codes (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps), through `otpauth`.
 * A code is accepted for its own step or one step either side (clocks drift), compared in constant
 * time (otpauth's timingSafeEqual), and only for a step later than the last one accepted for that
 * factor: the conditional UPDATE below makes each code usable once, even by parallel requests.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const WINDOW = 1;
/** 20 random bytes (160 bits), RFC 4226's recommended secret length. */
const SECRET_BYTES = 20;

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI an authenticator app reads (as a QR code or typed in). */
export function totpUri(secret: string, account: string, issuer: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/** The 30-second step `code` belongs to near `now`, or null when it matches none. */
export function totpStep(secret: string, code: string, now: number): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: now,
    window: WINDOW,
  });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of the step at `at` (tests, the demo scripts compute theirs the same way). */
export function totpCodeAt(secret: string, at: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, timestamp: at });
}

// Sealed under the factor's id: a sealed secret copied to another row does not open.
export const sealTotpSecret = (ring: KeyRing, factorId: string, secret: string) => sealSecret(ring, `totp:${factorId}`, secret);
export const openTotpSecret = (ring: KeyRing, factorId: string, sealed: string) => openSecret(ring, `totp:${factorId}`, sealed);

/**
 * Checks a code against the user's authenticator apps and, when it matches one, records its step
 * so the same code (or an older one) never passes again. Answers the factor it matched, or null.
 */
export async function acceptTotpCode(
  db: Db,
  ring: KeyRing,
  factors: readonly SecondFactorRow[],
  code: string,
  now = Date.now(),
): Promise<SecondFactorRow | null> {
  if (!isTotpCode(code)) return null;
  for (const factor of factors) {
    if (factor.kind !== 'totp' || !factor.totpSecret) continue;
    const step = totpStep(await openTotpSecret(ring, factor.id, factor.totpSecret), code, now);
    if (step === null) continue;
    const [claimed] = await db
      .update(secondFactors)
      .set({ totpLastStep: step, lastUsedAt: now })
      .where(and(eq(secondFactors.id, factor.id), or(isNull(secondFactors.totpLastStep), lt(secondFactors.totpLastStep, step))))
      .returning({ id: secondFactors.id });
    return claimed ? factor : null;
  }
  return null;
}
