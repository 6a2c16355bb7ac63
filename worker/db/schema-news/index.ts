import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { IMPORTANCE } from '../../contract/enums';
import type { AlsoReportedEntry } from '../../contract/news';
import { flag, jsonColumn } from '../columns';

// The news database (binding NEWS_DB, migrations-news/): the headlines and what hangs off them.
// They are most of the growth, so they live apart from the accounts' data (each D1
// database is capped at 10 GB). Nothing here may join a table of the main database.

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
    symbols: jsonColumn<string[]>('symbols'),
    importance: text('importance', { enum: IMPORTANCE }).notNull(),
    isGarbage: flag('is_garbage', false),
    isTest: flag('is_test', false),
    dedupKey: text('dedup_key').notNull(),
    onePctMovement: flag('one_pct_movement', false),
    metadata: jsonColumn<Record<string, unknown>>('metadata'),
    /** The source's own publication time; null when it gave none (ts is then the receipt time). */
    publishedAt: integer('published_at'),
    /** When the row was written (received → stored is the pipeline's own delay). */
    storedAt: integer('stored_at'),
    /** Other sources that reported the same story later (the dedupe kept this row); null while none has. */
    alsoReported: text('also_reported', { mode: 'json' }).$type<AlsoReportedEntry[]>(),
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
    done: flag('done', false),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.symbol, t.windowMinutes] }), index('price_checks_due_idx').on(t.done, t.dueAt)],
);

/** Headlines that hit a user's watchlists (worker/domains/watchlists): one row per user and headline. */
export const watchHits = sqliteTable(
  'watch_hits',
  {
    userId: text('user_id').notNull(),
    itemId: integer('item_id').notNull(),
    ts: integer('ts').notNull(),
    watchlistIds: text('watchlist_ids', { mode: 'json' }).$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ts, t.itemId] }), index('watch_hits_item_idx').on(t.itemId)],
);

/**
 * A stored headline's Telegram forwards on their way to the outbox (main database): written in the
 * headline's own batch, moved to the outbox right after (worker/domains/telegram-outbox/news-forwards.ts).
 */
export const newsForwards = sqliteTable(
  'news_forwards',
  {
    itemId: integer('item_id').notNull(),
    target: text('target').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.target] })],
);

/**
 * The newest publication time per block of 256 item ids (id >> 8), kept by triggers on news_items
 * (migrations-news/0006_id_blocks.sql): where a search looks for late arrivals.
 */
export const newsIdBlocks = sqliteTable(
  'news_id_blocks',
  {
    block: integer('block').primaryKey(),
    maxTs: integer('max_ts').notNull(),
  },
  (t) => [index('news_id_blocks_max_ts_idx').on(t.maxTs, t.block)],
);
