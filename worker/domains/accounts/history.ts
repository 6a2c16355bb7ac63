import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { HOUR, MINUTE } from './snapshot-store';
import { MINUTE_RETENTION_MS } from './rollup';

export interface HistoryPoint {
  ts: number;
  totalBalance: number;
  futuresBalance: number;
  spotBalance: number;
  futuresUpnl: number;
  totalUpnl: number;
  notional: number;
  leverage: number | null;
  btcPrice: number;
}

const METRIC_COLUMNS = sql.raw(
  'total_balance AS totalBalance, futures_balance AS futuresBalance, spot_balance AS spotBalance, futures_upnl AS futuresUpnl, total_upnl AS totalUpnl, notional, leverage, btc_price AS btcPrice',
);

/** Minute rows are thinned to this step so a chart gets at most ~2,000 minute points. */
function minuteStep(rangeMs: number): number {
  if (rangeMs <= 2 * 24 * HOUR) return MINUTE;
  if (rangeMs <= 7 * 24 * HOUR) return 5 * MINUTE;
  return 10 * MINUTE;
}

/**
 * One account's history over [from, to]: hourly rows where minute rows have been rolled up,
 * minute rows (thinned by the range) after that. Both reads use the (account_id, ts) primary keys.
 */
export async function readHistory(db: Db, accountId: string, from: number, to: number, now = Date.now()): Promise<HistoryPoint[]> {
  const minuteFrom = Math.max(from, Math.floor((now - MINUTE_RETENTION_MS) / HOUR) * HOUR);
  const step = minuteStep(to - from);
  const [hourly, minute] = await Promise.all([
    db.all<HistoryPoint>(sql`SELECT ts, ${METRIC_COLUMNS} FROM account_snapshots_hourly WHERE account_id = ${accountId} AND ts >= ${from} AND ts < ${minuteFrom} AND ts <= ${to} ORDER BY ts`),
    // SQLite takes the other columns from the row holding max(ts): the last value of each step.
    db.all<HistoryPoint>(
      sql`SELECT max(ts) AS ts, ${METRIC_COLUMNS}
          FROM account_snapshots_minute WHERE account_id = ${accountId} AND ts >= ${minuteFrom} AND ts <= ${to}
          GROUP BY ts / ${sql.raw(String(step))} ORDER BY ts`,
    ),
  ]);
  return [...hourly, ...minute];
}
