import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { accountLatest, exchangeAccounts, snapshotsHourly, snapshotsMinute } from '../../db/schema/accounts';
import { dailyRollupStatement } from './daily-rollup';
import type { AccountMetrics } from '../../exchanges/metrics';
import type { Position } from '../../exchanges/types';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export interface SnapshotRecord {
  accountId: string;
  ts: number;
  metrics: AccountMetrics;
  positions: Position[];
}

export interface SnapshotFailure {
  accountId: string;
  at: number;
  error: string;
}

export function minuteRow(r: SnapshotRecord) {
  const m = r.metrics;
  return {
    accountId: r.accountId,
    ts: Math.floor(r.ts / MINUTE) * MINUTE,
    totalBalance: m.totalBalance,
    futuresBalance: m.futuresBalance,
    spotBalance: m.spotBalance,
    futuresUpnl: m.futuresUpnl,
    totalUpnl: m.totalUpnl,
    notional: m.notional,
    leverage: m.leverage,
    btcPrice: m.btcPrice,
    positionsCount: m.positions,
  };
}

/** D1 allows 100 bound parameters per statement: 11 columns → 9 rows per INSERT. */
const ROWS_PER_INSERT = 9;

/**
 * Writes one run of snapshots and failures in a single D1 batch: all of it commits, or none.
 * Each snapshot lands as a minute row, in its hour's row, and as the account's latest state.
 */
export async function writeSnapshotRun(db: Db, records: SnapshotRecord[], failures: SnapshotFailure[]) {
  const statements = snapshotRunStatements(db, records, failures);
  if (statements.length === 0) return;
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
}

/**
 * The statements of writeSnapshotRun, for callers that add their own to the same batch. The minute
 * row is insert-or-ignore on (account, minute), so writing a snapshot twice leaves one row.
 */
export function snapshotRunStatements(db: Db, records: SnapshotRecord[], failures: SnapshotFailure[]) {
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < records.length; i += ROWS_PER_INSERT) {
    const rows = records.slice(i, i + ROWS_PER_INSERT).map(minuteRow);
    statements.push(db.insert(snapshotsMinute).values(rows).onConflictDoNothing());
  }
  for (const r of records) {
    const hourRow = {
      ...minuteRow(r),
      ts: Math.floor(r.ts / HOUR) * HOUR,
      minTotalBalance: r.metrics.totalBalance,
      maxTotalBalance: r.metrics.totalBalance,
    };
    const { accountId: _a, ts: _t, ...latestValues } = hourRow;
    statements.push(
      // The hour's row follows its newest minute, so long ranges read hourly rows only.
      db
        .insert(snapshotsHourly)
        .values(hourRow)
        .onConflictDoUpdate({
          target: [snapshotsHourly.accountId, snapshotsHourly.ts],
          set: {
            ...latestValues,
            minTotalBalance: sql`min(${snapshotsHourly.minTotalBalance}, excluded.min_total_balance)`,
            maxTotalBalance: sql`max(${snapshotsHourly.maxTotalBalance}, excluded.max_total_balance)`,
          },
        }),
      db
        .insert(accountLatest)
        .values({ accountId: r.accountId, ts: r.ts, metrics: r.metrics, positions: r.positions })
        .onConflictDoUpdate({
          target: accountLatest.accountId,
          set: { ts: r.ts, metrics: r.metrics, positions: r.positions },
          setWhere: sql`${accountLatest.ts} <= ${r.ts}`,
        }),
      dailyRollupStatement(db, r),
      db.update(exchangeAccounts).set({ lastSnapshotAt: r.ts, lastError: null }).where(eq(exchangeAccounts.id, r.accountId)),
    );
  }
  for (const f of failures) {
    statements.push(
      db
        .update(exchangeAccounts)
        .set({ lastError: f.error.slice(0, 500), lastErrorAt: f.at })
        .where(eq(exchangeAccounts.id, f.accountId)),
    );
  }
  return statements;
}
