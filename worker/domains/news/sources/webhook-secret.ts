import { domainError } from '../../../lib/domain-error';
import { hashToken, newOpaqueToken } from '../../auth/tokens';

/**
 * Telegram's webhook secret (setWebhook's secret_token, echoed in X-Telegram-Bot-Api-Secret-Token):
 * Telegram takes 1–256 characters of A-Z a-z 0-9 _ and -. We only ever generate it: 32 random bytes,
 * base64url, 43 characters, about 256 bits. A secret that looks weaker than MIN_SECRET_BITS (one
 * typed before secrets were generated, say) opens nothing and is never stored.
 */
export const TELEGRAM_SECRET_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;
export const MIN_SECRET_BITS = 128;

export const newWebhookSecret = newOpaqueToken;

/** Shannon entropy, in bits per symbol, of the symbols' frequencies in `values`. */
function entropyPerSymbol(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / values.length) * Math.log2(n / values.length);
  return bits;
}

/** The shortest p for which the text repeats itself every p characters ("abab…" → 2). */
function period(text: string): number {
  for (let p = 1; p < text.length; p++) {
    let repeats = true;
    for (let i = p; i < text.length && repeats; i++) repeats = text[i] === text[i - p];
    if (repeats) return p;
  }
  return text.length;
}

/**
 * A cautious estimate of a secret's entropy: per character, the lower of the entropies of its
 * characters and of the steps between neighbours (so "abcdef…" scores as low as "aaaa…"), times
 * the length of its repeating unit (so "abab…" counts as two characters). 43 random base64url
 * characters score about 200 bits; 43 × "a" scores 0.
 */
export function estimateSecretBits(secret: string): number {
  if (secret.length === 0) return 0;
  const codes = [...secret].map((c) => c.codePointAt(0)!);
  const steps = codes.slice(1).map((c, i) => c - codes[i]!);
  const perChar = Math.min(entropyPerSymbol(codes), steps.length ? entropyPerSymbol(steps) : 0);
  return perChar * Math.min(secret.length, period(secret));
}

/** Whether Telegram would accept the secret and it looks as strong as the ones we generate must be. */
export function isStrongWebhookSecret(secret: string): boolean {
  return TELEGRAM_SECRET_PATTERN.test(secret) && estimateSecretBits(secret) >= MIN_SECRET_BITS;
}

/** A hint is shown only for tokens long enough that four characters give nothing away. */
const HINT_MIN_LENGTH = 16;

/**
 * What a Telegram source keeps of its secret token: the SHA-256 (as for refresh tokens, so a
 * database leak yields nothing that passes the webhook) and its last four characters. Every setter
 * stores through here, so a weak secret is refused before it is stored.
 */
export async function webhookSecretConfig(secretToken: string) {
  if (!isStrongWebhookSecret(secretToken)) throw domainError('BAD_REQUEST', 'The webhook secret is too weak; generate one');
  return {
    secretTokenHash: await hashToken(secretToken),
    secretTokenHint: secretToken.length >= HINT_MIN_LENGTH ? secretToken.slice(-4) : null,
  };
}
