import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import { createdAt, ownedBy, textId } from '../columns';

/** A sign-in: the family of rotated refresh tokens. Revoking it ends the session everywhere. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: textId(),
    userId: ownedBy('user_id', () => users.id),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
    revokedReason: text('revoked_reason'),
    /** when this session last confirmed a second factor (sign-in, enrolment or step-up); null: never */
    secondFactorAt: integer('second_factor_at'),
    /** the browser's User-Agent and the IP at sign-in, for the user's sessions list */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** the last sign-in, refresh or step-up (so at most an access token's life behind) */
    lastSeenAt: integer('last_seen_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; each is used once and replaced. */
export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: ownedBy('session_id', () => sessions.id),
    createdAt: createdAt(),
    usedAt: integer('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Failed sign-ins counted per key (`email:…` or `ip:…`) in a fixed window. */
export const authFailures = sqliteTable('auth_failures', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});
