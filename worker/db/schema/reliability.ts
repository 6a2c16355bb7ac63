import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { SpotBalance } from '../../exchanges/types';
import { exchangeAccounts } from './accounts';
import { textId } from '../columns';

/**
 * When each account's data was last read from the exchange, per part: futures every minute, spot
 * (Binance weight 60 per call) on its own slower schedule. Between spot reads the stored balances
 * are re-priced with the minute's tickers.
 */
export const accountRefresh = sqliteTable('account_refresh', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => exchangeAccounts.id, { onDelete: 'cascade' }),
  futuresAt: integer('futures_at'),
  spotAt: integer('spot_at'),
  spotBalances: text('spot_balances', { mode: 'json' }).$type<SpotBalance[]>(),
});

/** One queue message of the snapshot cron: enqueued, then done (or dead-lettered). Kept a day. */
export const snapshotBatches = sqliteTable(
  'snapshot_batches',
  {
    id: textId(),
    scheduledAt: integer('scheduled_at').notNull(),
    accounts: integer('accounts').notNull(),
    enqueuedAt: integer('enqueued_at').notNull(),
    doneAt: integer('done_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('snapshot_batches_pending_idx').on(t.doneAt, t.enqueuedAt)],
);

/** Messages that exhausted their retries, as the dead-letter consumer received them. */
export const queueDeadLetters = sqliteTable(
  'queue_dead_letters',
  {
    messageId: text('message_id').primaryKey(),
    queue: text('queue').notNull(),
    batchId: text('batch_id'),
    body: text('body', { mode: 'json' }).notNull(),
    attempts: integer('attempts').notNull(),
    recordedAt: integer('recorded_at').notNull(),
  },
  (t) => [index('queue_dead_letters_recorded_idx').on(t.recordedAt)],
);

/** Each minute cron invocation: when, how long, which jobs failed. */
export const cronRuns = sqliteTable(
  'cron_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scheduledAt: integer('scheduled_at').notNull(),
    startedAt: integer('started_at').notNull(),
    finishedAt: integer('finished_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    failedJobs: text('failed_jobs', { mode: 'json' }).notNull().$type<string[]>().default([]),
  },
  (t) => [index('cron_runs_started_idx').on(t.startedAt)],
);
