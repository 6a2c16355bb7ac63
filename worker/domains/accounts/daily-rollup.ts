import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountDaily } from '../../db/schema/risk';
import type { Position } from '../../exchanges/types';
import type { AccountMetrics } from '../../exchanges/metrics';

/** A snapshot as the store writes it (snapshot-store's SnapshotRecord, restated to avoid a cycle). */
interface Snapshot {
  accountId: string;
  ts: number;
  metrics: AccountMetrics;
  positions: Position[];
}

const DAY = 86_400_000;

/** Longs minus shorts, USD. */
export const netNotional = (positions: Position[]) =>
  positions.reduce((a, p) => a + (p.side === 'LONG' ? p.notional : -p.notional), 0);

export const dayOf = (ts: number) => Math.floor(ts / DAY) * DAY;

/**
 * Folds one snapshot into its account's day row. Only a snapshot newer than the row's close moves
 * the close and the sums, so a re-run of the same minute (the minute insert ignores duplicates)
 * does not count it twice; an older one can still lower the open.
 */
export function dailyRollupStatement(db: Db, r: Snapshot) {
  const equity = r.metrics.totalBalance;
  const leverage = r.metrics.leverage ?? 0;
  const newer = sql`excluded.close_ts > ${accountDaily.closeTs}`;
  return db
    .insert(accountDaily)
    .values({
      accountId: r.accountId,
      day: dayOf(r.ts),
      openTs: r.ts,
      openEquity: equity,
      closeTs: r.ts,
      closeEquity: equity,
      minEquity: equity,
      maxEquity: equity,
      leverageSum: leverage,
      samples: 1,
      peakLeverage: leverage,
      peakNotional: r.metrics.notional,
      closeNotional: r.metrics.notional,
      closeNetNotional: netNotional(r.positions),
    })
    .onConflictDoUpdate({
      target: [accountDaily.accountId, accountDaily.day],
      set: {
        openEquity: sql`CASE WHEN excluded.open_ts < ${accountDaily.openTs} THEN excluded.open_equity ELSE ${accountDaily.openEquity} END`,
        openTs: sql`min(${accountDaily.openTs}, excluded.open_ts)`,
        closeEquity: sql`CASE WHEN ${newer} THEN excluded.close_equity ELSE ${accountDaily.closeEquity} END`,
        closeNotional: sql`CASE WHEN ${newer} THEN excluded.close_notional ELSE ${accountDaily.closeNotional} END`,
        closeNetNotional: sql`CASE WHEN ${newer} THEN excluded.close_net_notional ELSE ${accountDaily.closeNetNotional} END`,
        leverageSum: sql`${accountDaily.leverageSum} + CASE WHEN ${newer} THEN excluded.leverage_sum ELSE 0 END`,
        samples: sql`${accountDaily.samples} + CASE WHEN ${newer} THEN 1 ELSE 0 END`,
        closeTs: sql`max(${accountDaily.closeTs}, excluded.close_ts)`,
        minEquity: sql`min(${accountDaily.minEquity}, excluded.min_equity)`,
        maxEquity: sql`max(${accountDaily.maxEquity}, excluded.max_equity)`,
        peakLeverage: sql`max(${accountDaily.peakLeverage}, excluded.peak_leverage)`,
        peakNotional: sql`max(${accountDaily.peakNotional}, excluded.peak_notional)`,
      },
    });
}
