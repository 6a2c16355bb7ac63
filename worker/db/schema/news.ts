import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CHAT_PURPOSES, IMPORTANCE, SOURCE_KINDS } from '../../contract/enums';
import { POLLER_STATES } from '../../contract/news-pollers';
import { users } from './users';

export const newsSources = sqliteTable('news_sources', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: SOURCE_KINDS }).notNull(),
  name: text('name').notNull(),
  config: text('config', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  lastSuccessAt: integer('last_success_at'),
  lastErrorAt: integer('last_error_at'),
  lastError: text('last_error'),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  nextAttemptAt: integer('next_attempt_at'),
  createdAt: integer('created_at').notNull(),
});

export const specialMappings = sqliteTable('special_mappings', {
  id: text('id').primaryKey(),
  terms: text('terms', { mode: 'json' }).$type<string[]>().notNull(),
  symbols: text('symbols', { mode: 'json' }).$type<string[]>().notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const bannedMappings = sqliteTable('banned_mappings', {
  id: text('id').primaryKey(),
  terms: text('terms', { mode: 'json' }).$type<string[]>().notNull(),
  symbols: text('symbols', { mode: 'json' }).$type<string[]>().notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const customRules = sqliteTable('custom_rules', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  priority: integer('priority').notNull().default(100),
  conditions: text('conditions', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  actions: text('actions', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const telegramChats = sqliteTable('telegram_chats', {
  id: text('id').primaryKey(),
  chatId: text('chat_id').notNull().unique(),
  title: text('title').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  minImportance: text('min_importance', { enum: IMPORTANCE }).notNull().default('high'),
  symbols: text('symbols', { mode: 'json' }).$type<string[]>().notNull(),
  purpose: text('purpose', { enum: CHAT_PURPOSES }).notNull().default('news'),
  disabledReason: text('disabled_reason'),
  createdAt: integer('created_at').notNull(),
});

export const performanceThresholds = sqliteTable('performance_thresholds', {
  id: text('id').primaryKey(),
  /** null: the default for every symbol. */
  symbol: text('symbol').unique(),
  percent: real('percent').notNull(),
  windowMinutes: integer('window_minutes').notNull(),
  createdAt: integer('created_at').notNull(),
});

export const twitterHandles = sqliteTable('twitter_handles', {
  id: text('id').primaryKey(),
  handle: text('handle').notNull().unique(),
  userId: text('user_id'),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  createdAt: integer('created_at').notNull(),
});

export const twitterPollingSessions = sqliteTable('twitter_polling_sessions', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  handleIds: text('handle_ids', { mode: 'json' }).$type<string[]>().notNull(),
  intervalSeconds: integer('interval_seconds').notNull(),
  activeFromUtc: text('active_from_utc').notNull(),
  activeToUtc: text('active_to_utc').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  /** since_id per handle id. */
  cursors: text('cursors', { mode: 'json' }).$type<Record<string, string>>().notNull(),
  lastPolledAt: integer('last_polled_at'),
  rateLimitedUntil: integer('rate_limited_until'),
  lastError: text('last_error'),
  createdAt: integer('created_at').notNull(),
});

export const newsSettings = sqliteTable('news_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: text('settings', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** Durable outbox: every outbound message is a row first; a cron sends and retries. */
export const outbox = sqliteTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: ['telegram'] }).notNull(),
    target: text('target').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** Makes enqueueing idempotent: the same item to the same chat is one message. */
    dedupKey: text('dedup_key').notNull().unique(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    claimedUntil: integer('claimed_until'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * One row per news poller (a Durable Object per source or polling session, key '<kind>:<id>'): what
 * it is doing and how it is doing, written by the poller on every change and at most every few
 * seconds otherwise (issue 29).
 */
export const newsPollers = sqliteTable(
  'news_pollers',
  {
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    targetId: text('target_id').notNull(),
    state: text('state', { enum: POLLER_STATES }).notNull(),
    intervalMs: integer('interval_ms'),
    nextAt: integer('next_at'),
    lastPollAt: integer('last_poll_at'),
    lastOkAt: integer('last_ok_at'),
    /** Publication time of the newest item it stored. */
    lastItemAt: integer('last_item_at'),
    rateLimitedUntil: integer('rate_limited_until'),
    lastError: text('last_error'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    connectedSince: integer('connected_since'),
    /** Alarms run and requests sent since counted_since (the cost figures). */
    polls: integer('polls').notNull().default(0),
    requests: integer('requests').notNull().default(0),
    countedSince: integer('counted_since').notNull(),
    /** When the minute watchdog last found it stalled and re-armed it, and how often it did. */
    rearmedAt: integer('rearmed_at'),
    rearms: integer('rearms').notNull().default(0),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('news_pollers_target_idx').on(t.targetId)],
);
