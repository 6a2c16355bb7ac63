import { asc, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { exchangeAccounts } from '../../db/schema/accounts';
import { accountRefresh, snapshotBatches } from '../../db/schema/reliability';
import { SNAPSHOT_BATCH_SIZE, SPOT_READS_PER_MINUTE, SPOT_REFRESH_MS, type SnapshotBatchMessage } from './snapshot-message';
import { MINUTE } from './snapshot-store';

/**
 * Splits the active accounts into queue messages for the tick at `now`. Futures are read every
 * minute; spot only when due (never read, or older than SPOT_REFRESH_MS), the most overdue first,
 * at most SPOT_READS_PER_MINUTE a tick. Batch ids name the minute, so a repeated tick reuses them.
 */
export async function planSnapshotBatches(db: Db, now: number): Promise<SnapshotBatchMessage[]> {
  const accounts = await db
    .select({ id: exchangeAccounts.id, spotAt: accountRefresh.spotAt })
    .from(exchangeAccounts)
    .leftJoin(accountRefresh, eq(accountRefresh.accountId, exchangeAccounts.id))
    .where(eq(exchangeAccounts.status, 'active'))
    .orderBy(asc(exchangeAccounts.id));
  // Half a minute of slack: a spot read 14:59.8 ago counts as due, not as next tick's work.
  const due = accounts
    .filter((a) => a.spotAt === null || now - a.spotAt >= SPOT_REFRESH_MS - MINUTE / 2)
    .sort((a, b) => (a.spotAt ?? 0) - (b.spotAt ?? 0))
    .slice(0, SPOT_READS_PER_MINUTE);
  const spotNow = new Set(due.map((a) => a.id));
  const minute = Math.floor(now / MINUTE) * MINUTE;
  const messages: SnapshotBatchMessage[] = [];
  for (let i = 0; i < accounts.length; i += SNAPSHOT_BATCH_SIZE) {
    messages.push({
      batchId: `${minute}:${i / SNAPSHOT_BATCH_SIZE}`,
      scheduledAt: now,
      accounts: accounts.slice(i, i + SNAPSHOT_BATCH_SIZE).map((a) => ({ id: a.id, spot: spotNow.has(a.id) })),
    });
  }
  return messages;
}

/** What the producer needs of a queue binding (Queue<T> satisfies it). */
export interface SnapshotQueue {
  sendBatch(messages: Iterable<MessageSendRequest<SnapshotBatchMessage>>): Promise<unknown>;
}

/**
 * D1's 100 bound parameters: a row binds 5 (id, scheduled_at, accounts, enqueued_at, and drizzle
 * binds `attempts`' default too) → 20 rows per INSERT. Queues take 100 messages per send.
 */
const ROWS_PER_INSERT = 20;
const MESSAGES_PER_SEND = 100;

/**
 * Sends a follow-up batch (accounts that failed in an otherwise stored batch) after a short delay,
 * recorded as pending first like every batch.
 */
export async function enqueueFollowUp(
  db: Db,
  queue: SnapshotQueue,
  message: SnapshotBatchMessage,
  now: number,
  delaySeconds: number,
) {
  await db
    .insert(snapshotBatches)
    .values({ id: message.batchId, scheduledAt: message.scheduledAt, accounts: message.accounts.length, enqueuedAt: now })
    .onConflictDoNothing();
  await queue.sendBatch([{ body: message, contentType: 'json', delaySeconds }]);
}

type BatchRow = typeof snapshotBatches.$inferInsert;

/** Records batches as pending, in chunks that stay under D1's bound-parameter limit. */
export async function recordBatches(db: Db, rows: BatchRow[]) {
  const inserts: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    inserts.push(
      db
        .insert(snapshotBatches)
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        .onConflictDoNothing(),
    );
  if (inserts.length) await db.batch(inserts as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
}

/**
 * The minute cron's snapshot job: records each batch as pending (the status page counts them),
 * then enqueues it. The consumer (snapshot-batch.ts) does the exchange calls and the writes.
 */
export async function enqueueSnapshotBatches(db: Db, queue: SnapshotQueue, now: number) {
  const messages = await planSnapshotBatches(db, now);
  if (messages.length === 0) return { batches: 0, accounts: 0 };
  const rows = messages.map((m) => ({
    id: m.batchId,
    scheduledAt: m.scheduledAt,
    accounts: m.accounts.length,
    enqueuedAt: now,
  }));
  await recordBatches(db, rows);
  for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND)
    await queue.sendBatch(messages.slice(i, i + MESSAGES_PER_SEND).map((body) => ({ body, contentType: 'json' })));
  return { batches: messages.length, accounts: rows.reduce((n, r) => n + r.accounts, 0) };
}
