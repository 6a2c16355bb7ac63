import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { SECOND_FACTOR_KINDS } from '../../contract/enums';
import { sessions } from './sessions';
import { users } from './users';
import { createdAt, ownedBy, textId } from '../columns';

/**
 * A user's second factors: authenticator apps (TOTP, RFC 6238) and passkeys (WebAuthn).
 * The TOTP secret is sealed (domains/auth/second-factor/totp.ts); `totpLastStep` is the last
 * 30-second step a code was accepted for, so a code is usable once.
 */
export const secondFactors = sqliteTable(
  'second_factors',
  {
    id: textId(),
    userId: ownedBy('user_id', () => users.id),
    kind: text('kind', { enum: SECOND_FACTOR_KINDS }).notNull(),
    label: text('label').notNull(),
    totpSecret: text('totp_secret'),
    totpLastStep: integer('totp_last_step'),
    /** base64url credential id (passkeys) */
    credentialId: text('credential_id').unique(),
    /** base64url COSE public key (passkeys) */
    publicKey: text('public_key'),
    signCount: integer('sign_count'),
    transports: text('transports', { mode: 'json' }).$type<string[]>(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at'),
  },
  (t) => [index('second_factors_user_idx').on(t.userId)],
);

export type SecondFactorRow = typeof secondFactors.$inferSelect;

/** Ten one-time recovery codes per user, stored as SHA-256 (they carry 50 random bits each). */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    userId: ownedBy('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: integer('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash], name: 'recovery_codes_pk' })],
);

/**
 * Ceremonies in flight, each for one user and a few minutes: a sign-in waiting for its second
 * factor (id = SHA-256 of the cookie that carries it), a passkey registration or assertion (the
 * WebAuthn challenge), an authenticator app being added (its sealed secret until a code confirms it).
 */
export const authChallenges = sqliteTable(
  'auth_challenges',
  {
    id: textId(),
    userId: ownedBy('user_id', () => users.id),
    purpose: text('purpose', { enum: ['signIn', 'passkeyRegister', 'passkeyStepUp', 'totpEnrol'] }).notNull(),
    /** the session a signed-in ceremony belongs to (enrolment, step-up) */
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    challenge: text('challenge'),
    totpSecret: text('totp_secret'),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('auth_challenges_user_idx').on(t.userId), index('auth_challenges_expires_idx').on(t.expiresAt)],
);
