import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ExchangeKind } from '../../contract/enums';
import type { Db } from '../../db/client';
import { exchangeAccounts } from '../../db/schema/accounts';
import { accountRefresh, snapshotBatches } from '../../db/schema/reliability';
import { computeMetrics } from '../../exchanges/metrics';
import { withSimFills } from '../../exchanges/simulated/fills';
import type { ExchangeAdapter } from '../../exchanges/types';
import { domainErrorData } from '../../lib/domain-error';
import { mapLimited } from '../../lib/map-limited';
import { simFillsByEmail } from '../../exchanges/simulated/fill-store';
import type { SnapshotBatchMessage } from './snapshot-message';
import { snapshotRunStatements, type SnapshotFailure, type SnapshotRecord } from './snapshot-store';

const CONCURRENCY = 8;

/**
 * Thrown when a batch should be retried: nothing in it could be read, or its write failed.
 * `retryAfterSeconds` is the longest wait an exchange asked for (Binance's Retry-After on 418/429),
 * so the queue does not come back before the ban or rate-limit window ends.
 */
export class SnapshotBatchFailed extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

function longestRetryAfter(reasons: unknown[]): number | undefined {
  const waits = reasons
    .map((r) => domainErrorData(r)?.retryAfter)
    .filter((s): s is number => typeof s === 'number' && Number.isFinite(s) && s > 0);
  return waits.length ? Math.max(...waits) : undefined;
}

export type SnapshotBatchResult =
  | { skipped: 'already-done' }
  /** retryAfterSeconds: the longest wait an exchange asked of the failed accounts (their follow-up waits it). */
  | { records: SnapshotRecord[]; failures: SnapshotFailure[]; retryAfterSeconds?: number };

/**
 * The queue consumer's work for one message: reads each account of the batch from its exchange
 * (futures always; spot when the plan says so, else the stored balances re-priced), then writes
 * the snapshots, the refresh times and the batch's "done" mark in one D1 batch.
 * One account failing is recorded on that account (as the cron did); the whole batch failing
 * (exchange down, rate-limited) throws so the queue retries it with backoff.
 * A redelivered batch that is already done is skipped; a concurrent duplicate still writes one
 * minute row per account (insert-or-ignore on account + minute).
 */
export async function processSnapshotBatch(
  db: Db,
  adapterFor: (kind: ExchangeKind) => ExchangeAdapter,
  message: SnapshotBatchMessage,
): Promise<SnapshotBatchResult> {
  const batch = await db.query.snapshotBatches.findFirst({ where: eq(snapshotBatches.id, message.batchId) });
  if (batch?.doneAt != null) return { skipped: 'already-done' };
  const ids = message.accounts.map((a) => a.id);
  const rows = await db
    .select({ account: exchangeAccounts, refresh: accountRefresh })
    .from(exchangeAccounts)
    .leftJoin(accountRefresh, eq(accountRefresh.accountId, exchangeAccounts.id))
    .where(and(inArray(exchangeAccounts.id, ids), eq(exchangeAccounts.status, 'active')));
  const spotWanted = new Map(message.accounts.map((a) => [a.id, a.spot]));
  const ts = message.scheduledAt;
  // A simulated account's snapshot includes what its orders filled, as the order path writes it:
  // without them this run would overwrite the latest state and the positions would vanish.
  const fills = await simFillsByEmail(
    db,
    rows.filter((r) => r.account.exchange === 'simulated').map((r) => r.account.email),
  );
  const settled = await mapLimited(rows, CONCURRENCY, async ({ account, refresh }) => {
    const stored = spotWanted.get(account.id) ? undefined : (refresh?.spotBalances ?? undefined);
    const read = await adapterFor(account.exchange).getAccountSnapshot(account.email, { spot: stored });
    const snapshot = withSimFills(read, fills.get(account.email) ?? []);
    return {
      record: { accountId: account.id, ts, metrics: computeMetrics(snapshot), positions: snapshot.positions },
      spot: stored ? null : snapshot.spot.balances,
    };
  });
  const records: SnapshotRecord[] = [];
  const failures: SnapshotFailure[] = [];
  const statements: BatchItem<'sqlite'>[] = [];
  settled.forEach((r, i) => {
    const accountId = rows[i]!.account.id;
    if (r.status === 'rejected') {
      failures.push({ accountId, at: ts, error: r.reason instanceof Error ? r.reason.message : String(r.reason) });
      return;
    }
    records.push(r.value.record);
    const spot = r.value.spot ? { spotAt: ts, spotBalances: r.value.spot } : {};
    statements.push(
      db
        .insert(accountRefresh)
        .values({ accountId, futuresAt: ts, ...spot })
        .onConflictDoUpdate({ target: accountRefresh.accountId, set: { futuresAt: ts, ...spot } }),
    );
  });
  const retryAfterSeconds = longestRetryAfter(settled.map((r) => (r.status === 'rejected' ? r.reason : undefined)));
  if (records.length === 0 && failures.length > 0) {
    throw new SnapshotBatchFailed(`every account of batch ${message.batchId} failed: ${failures[0]!.error}`, retryAfterSeconds);
  }
  statements.push(
    ...snapshotRunStatements(db, records, failures),
    db
      .update(snapshotBatches)
      .set({ doneAt: Date.now(), attempts: sql`${snapshotBatches.attempts} + 1` })
      .where(and(eq(snapshotBatches.id, message.batchId), isNull(snapshotBatches.doneAt))),
  );
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return { records, failures, retryAfterSeconds };
}

/** Counts a failed attempt on the batch row, for the status page. */
export async function noteAttempt(db: Db, batchId: string, error: string) {
  await db
    .update(snapshotBatches)
    .set({ attempts: sql`${snapshotBatches.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(snapshotBatches.id, batchId));
}
