import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountDaily } from '../../db/schema/risk';
import type { SnapshotRecord } from './snapshot-store';

const DAY = 86_400_000;

export const dayOf = (ts: number) => Math.floor(ts / DAY) * DAY;

/**
 * Folds one snapshot into its account's day row. Only a snapshot newer than the row's close moves
 * the close and the sums, so a re-run of the same minute (the minute insert ignores duplicates)
 * does not count it twice; an older one can still lower the open.
 */
export function dailyRollupStatement(db: Db, r: SnapshotRecord) {
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
    })
    .onConflictDoUpdate({
      target: [accountDaily.accountId, accountDaily.day],
      set: {
        openEquity: sql`CASE WHEN excluded.open_ts < ${accountDaily.openTs} THEN excluded.open_equity ELSE ${accountDaily.openEquity} END`,
        openTs: sql`min(${accountDaily.openTs}, excluded.open_ts)`,
        closeEquity: sql`CASE WHEN ${newer} THEN excluded.close_equity ELSE ${accountDaily.closeEquity} END`,
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
