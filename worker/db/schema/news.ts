import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CHAT_PURPOSES, IMPORTANCE, OUTBOX_CHANNELS, SOURCE_KINDS } from '../../contract/enums';
import { POLLER_STATES } from '../../contract/news-pollers';
import { users } from './users';
import { createdAt, flag, jsonColumn, textId, updatedAt } from '../columns';

export const newsSources = sqliteTable('news_sources', {
  id: textId(),
  kind: text('kind', { enum: SOURCE_KINDS }).notNull(),
  name: text('name').notNull(),
  config: jsonColumn<Record<string, unknown>>('config'),
  enabled: flag('enabled', true),
  lastSuccessAt: integer('last_success_at'),
  lastErrorAt: integer('last_error_at'),
  lastError: text('last_error'),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  nextAttemptAt: integer('next_attempt_at'),
  createdAt: createdAt(),
});

/** Special and banned mappings hold the same thing: terms and the symbols they stand for. */
const mappingColumns = () => ({
  id: textId(),
  terms: jsonColumn<string[]>('terms'),
  symbols: jsonColumn<string[]>('symbols'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const specialMappings = sqliteTable('special_mappings', mappingColumns());

export const bannedMappings = sqliteTable('banned_mappings', mappingColumns());

export const customRules = sqliteTable('custom_rules', {
  id: textId(),
  name: text('name').notNull(),
  enabled: flag('enabled', true),
  priority: integer('priority').notNull().default(100),
  conditions: jsonColumn<Record<string, unknown>>('conditions'),
  actions: jsonColumn<Record<string, unknown>>('actions'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const telegramChats = sqliteTable('telegram_chats', {
  id: textId(),
  chatId: text('chat_id').notNull().unique(),
  title: text('title').notNull(),
  enabled: flag('enabled', true),
  minImportance: text('min_importance', { enum: IMPORTANCE }).notNull().default('high'),
  symbols: jsonColumn<string[]>('symbols'),
  purpose: text('purpose', { enum: CHAT_PURPOSES }).notNull().default('news'),
  disabledReason: text('disabled_reason'),
  createdAt: createdAt(),
});

export const performanceThresholds = sqliteTable('performance_thresholds', {
  id: textId(),
  /** null: the default for every symbol. */
  symbol: text('symbol').unique(),
  percent: real('percent').notNull(),
  windowMinutes: integer('window_minutes').notNull(),
  createdAt: createdAt(),
});

export const twitterHandles = sqliteTable('twitter_handles', {
  id: textId(),
  handle: text('handle').notNull().unique(),
  userId: text('user_id'),
  enabled: flag('enabled', true),
  createdAt: createdAt(),
});

export const twitterPollingSessions = sqliteTable('twitter_polling_sessions', {
  id: textId(),
  name: text('name').notNull(),
  handleIds: jsonColumn<string[]>('handle_ids'),
  intervalSeconds: integer('interval_seconds').notNull(),
  activeFromUtc: text('active_from_utc').notNull(),
  activeToUtc: text('active_to_utc').notNull(),
  enabled: flag('enabled', true),
  /** since_id per handle id. */
  cursors: jsonColumn<Record<string, string>>('cursors'),
  lastPolledAt: integer('last_polled_at'),
  rateLimitedUntil: integer('rate_limited_until'),
  lastError: text('last_error'),
  createdAt: createdAt(),
});

export const newsSettings = sqliteTable('news_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonColumn<Record<string, unknown>>('settings'),
  updatedAt: updatedAt(),
});

/** Durable outbox: every outbound message is a row first; a cron sends and retries. */
export const outbox = sqliteTable(
  'outbox',
  {
    id: textId(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    target: text('target').notNull(),
    payload: jsonColumn<Record<string, unknown>>('payload'),
    /** Makes enqueueing idempotent: the same item to the same chat is one message. */
    dedupKey: text('dedup_key').notNull().unique(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    claimedUntil: integer('claimed_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
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
    updatedAt: updatedAt(),
  },
  (t) => [index('news_pollers_target_idx').on(t.targetId)],
);
