// The local demo users' authenticator app: one secret for all of them (DEMO_TOTP_SECRET, base32),
// which a newcomer adds to an app and scripts use to compute codes (RFC 6238: SHA-1, 6 digits, 30 s,
// as worker/domains/auth/second-factor/totp.ts checks them). Local only: never a deployment's.
import { Secret, TOTP } from 'otpauth';

/** The default when DEMO_TOTP_SECRET is unset: 32 base32 letters (160 bits), readable on purpose. */
export const DEFAULT_DEMO_TOTP_SECRET = 'MERIDIANDEMOTOTPSECRETKEY234567A';
export const DEMO_TOTP_SECRET = (process.env.DEMO_TOTP_SECRET ?? DEFAULT_DEMO_TOTP_SECRET).replace(/\s+/g, '').toUpperCase();

export const TOTP_PERIOD_MS = 30_000;

/** The code of `secret` for the 30-second step that `at` (ms) falls in. */
export function totpCodeAt(secret, at = Date.now()) {
  return TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: TOTP_PERIOD_MS / 1000, timestamp: at });
}

/** The step number of `at`. */
export const totpStepOf = (at = Date.now()) => Math.floor(at / TOTP_PERIOD_MS);

/** The otpauth:// URI of the demo secret (an app can read it as typed text or a QR code). */
export function demoTotpUri(issuer = 'Meridian (local demo)') {
  return new TOTP({ issuer, label: 'demo users', secret: Secret.fromBase32(DEMO_TOTP_SECRET), digits: 6, period: 30 }).toString();
}

/**
 * Seals a secret as worker/domains/auth/second-factor/totp.ts does (sealTotpSecret: AES-256-GCM
 * under the keyring's current key, the factor id as associated data, "v1.<keyId>.<iv>.<data>"),
 * so the seed can enrol the demo users straight into the local database.
 */
export async function sealTotpSecret(keyring, factorId, secret) {
  const [first] = keyring.split(',');
  const [keyId, material] = first.trim().split(':');
  const raw = Buffer.from(material, 'base64');
  if (!keyId || raw.length !== 32) throw new Error('SECOND_FACTOR_KEYRING: id:base64 of 32 bytes expected');
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(`totp:${factorId}`) },
    key,
    new TextEncoder().encode(secret),
  );
  return ['v1', keyId, Buffer.from(iv).toString('base64'), Buffer.from(sealed).toString('base64')].join('.');
}

/**
 * Codes a script may still use, per account: each code works once, and only a step later than the
 * last one used (the Worker refuses a replay), within one step of now. `next(key)` answers the
 * earliest usable step's code, waiting for the step to come round when both now's and the next
 * one's are spent. `load`/`save` keep the ledger where the caller wants it (memory, or a file
 * shared by processes).
 */
export function codeLedger({ load = () => ({}), save = () => {} } = {}) {
  return {
    /** The step a code for `key` may use now, or the ms to wait for one. */
    plan(key, at = Date.now()) {
      const used = load()[key] ?? -Infinity;
      const step = Math.max(totpStepOf(at), used + 1);
      return step <= totpStepOf(at) + 1 ? { step, waitMs: 0 } : { step, waitMs: (step - 1) * TOTP_PERIOD_MS - at + 50 };
    },
    /** Takes the next usable code of `secret` for `key` (waits when it must), and records it as used. */
    async next(key, secret) {
      let { step, waitMs } = this.plan(key);
      if (waitMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        ({ step } = this.plan(key));
      }
      const all = load();
      all[key] = step;
      save(all);
      return totpCodeAt(secret, step * TOTP_PERIOD_MS);
    },
  };
}

/**
 * An INSERT that gives a user (by `userId`, or by `email`: none when there is no such user) the demo
 * authenticator app, for the seed and the bench fillers that create users straight in the local database.
 */
export async function demoFactorInsert(keyring, user, label = 'Demo authenticator', now = Date.now()) {
  const id = crypto.randomUUID();
  const sealed = await sealTotpSecret(keyring, id, DEMO_TOTP_SECRET);
  const q = (v) => `'${String(v).replace(/'/g, "''")}'`;
  const values = `${q(id)}, ${user.userId ? q(user.userId) : 'id'}, 'totp', ${q(label)}, ${q(sealed)}, ${now}`;
  const into = 'INSERT INTO second_factors (id, user_id, kind, label, totp_secret, created_at)';
  return user.userId ? `${into} VALUES (${values});` : `${into} SELECT ${values} FROM users WHERE email = ${q(user.email)};`;
}
