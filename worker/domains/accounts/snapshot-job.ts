import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ExchangeKind } from '../../contract/enums';
import { exchangeAccounts } from '../../db/schema/accounts';
import { computeMetrics } from '../../exchanges/metrics';
import type { ExchangeAdapter } from '../../exchanges/types';
import { allSimFills } from '../orders/sim-positions';
import { withSimFills } from '../../exchanges/simulated/fills';
import { writeSnapshotRun, type SnapshotFailure, type SnapshotRecord } from './snapshot-store';

/** Accounts fetched at once: keeps a run short without bursting the exchange's weight limit. */
const CONCURRENCY = 8;

export async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        results[i] = { status: 'fulfilled', value: await fn(items[i]!) };
      } catch (reason) {
        results[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export interface SnapshotRunResult {
  records: SnapshotRecord[];
  failures: SnapshotFailure[];
}

/**
 * Snapshots every active account. One account's failed exchange call is recorded against that
 * account and does not stop the others; the whole run is written in one batch.
 */
export async function snapshotAllAccounts(
  db: Db,
  adapterFor: (kind: ExchangeKind) => ExchangeAdapter,
  now = Date.now(),
): Promise<SnapshotRunResult> {
  const [accounts, simFills] = await Promise.all([
    db.select().from(exchangeAccounts).where(eq(exchangeAccounts.status, 'active')),
    allSimFills(db),
  ]);
  const settled = await mapLimited(accounts, CONCURRENCY, async (account) => {
    const raw = await adapterFor(account.exchange).getAccountSnapshot(account.email);
    // Simulated accounts carry what orders filled on them (issue 15).
    const snapshot = account.exchange === 'simulated' ? withSimFills(raw, simFills.get(account.email) ?? []) : raw;
    return {
      accountId: account.id,
      ts: now,
      metrics: computeMetrics(snapshot),
      positions: snapshot.positions,
    } satisfies SnapshotRecord;
  });
  const records: SnapshotRecord[] = [];
  const failures: SnapshotFailure[] = [];
  settled.forEach((r, i) => {
    if (r.status === 'fulfilled') records.push(r.value);
    else
      failures.push({
        accountId: accounts[i]!.id,
        at: now,
        error: r.reason instanceof Error ? r.reason.message : String(r.reason),
      });
  });
  await writeSnapshotRun(db, records, failures);
  return { records, failures };
}
