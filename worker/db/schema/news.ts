import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CHAT_PURPOSES, IMPORTANCE, SOURCE_KINDS } from '../../contract/enums';
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

/** Integer ids so the FTS5 index can use them as its content rowid. */
export const newsItems = sqliteTable(
  'news_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ts: integer('ts').notNull(),
    receivedAt: integer('received_at').notNull(),
    sourceId: text('source_id').notNull(),
    sourceKind: text('source_kind').notNull(),
    externalId: text('external_id'),
    author: text('author'),
    title: text('title').notNull(),
    body: text('body'),
    url: text('url'),
    symbols: text('symbols', { mode: 'json' }).$type<string[]>().notNull(),
    importance: text('importance', { enum: IMPORTANCE }).notNull(),
    isGarbage: integer('is_garbage', { mode: 'boolean' }).notNull().default(false),
    isTest: integer('is_test', { mode: 'boolean' }).notNull().default(false),
    dedupKey: text('dedup_key').notNull(),
    onePctMovement: integer('one_pct_movement', { mode: 'boolean' }).notNull().default(false),
    metadata: text('metadata', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    // The default feed: newest clean items first.
    index('news_items_feed_idx').on(t.isGarbage, t.isTest, t.ts),
    index('news_items_ts_idx').on(t.ts),
    index('news_items_importance_ts_idx').on(t.importance, t.ts),
    index('news_items_dedup_idx').on(t.dedupKey, t.ts),
    uniqueIndex('news_items_source_external_uq').on(t.sourceId, t.externalId),
  ],
);

/** One row per (item, symbol): symbol filters are index range scans, not JSON scans. */
export const newsItemSymbols = sqliteTable(
  'news_item_symbols',
  {
    symbol: text('symbol').notNull(),
    ts: integer('ts').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => newsItems.id, { onDelete: 'cascade' }),
  },
  // item_id index: deleting a headline cascades here, and without it each delete scans the table.
  (t) => [primaryKey({ columns: [t.symbol, t.ts, t.itemId] }), index('news_item_symbols_item_idx').on(t.itemId)],
);

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
  purpose: text('purpose', { enum: CHAT_PURPOSES })
    .notNull()
    .default('news'),
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

/** Price checks after publish: 1, 5 and 15 minutes per symbol of an item. */
export const priceChecks = sqliteTable(
  'price_checks',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => newsItems.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    priceAtPublish: real('price_at_publish').notNull(),
    dueAt: integer('due_at').notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    done: integer('done', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.symbol, t.windowMinutes] }), index('price_checks_due_idx').on(t.done, t.dueAt)],
);
