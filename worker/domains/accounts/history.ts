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

/** Minute rows are thinned with the range, so a chart never gets more points than it has pixels. */
function minuteStep(rangeMs: number): number {
  return rangeMs <= 24 * HOUR ? MINUTE : 10 * MINUTE;
}

/**
 * One account's history over [from, to]. Ranges up to a week: hourly rows where minute rows have
 * been rolled up, minute rows (thinned by the range) after that. Longer ranges: hourly rows only.
 * Every read is a range scan of an (account_id, ts) primary key.
 */
export async function readHistory(
  db: Db,
  accountId: string,
  from: number,
  to: number,
  now = Date.now(),
): Promise<HistoryPoint[]> {
  // Ranges over a week are drawn hourly: hourly rows exist for every hour, the current one included.
  if (to - from > MINUTE_RETENTION_MS) {
    return db.all<HistoryPoint>(
      sql`SELECT ts, ${METRIC_COLUMNS} FROM account_snapshots_hourly WHERE account_id = ${accountId} AND ts >= ${from} AND ts <= ${to} ORDER BY ts`,
    );
  }
  const minuteFrom = Math.max(from, Math.floor((now - MINUTE_RETENTION_MS) / HOUR) * HOUR);
  const step = minuteStep(to - from);
  const [hourly, minute] = await Promise.all([
    db.all<HistoryPoint>(
      sql`SELECT ts, ${METRIC_COLUMNS} FROM account_snapshots_hourly WHERE account_id = ${accountId} AND ts >= ${from} AND ts < ${minuteFrom} AND ts <= ${to} ORDER BY ts`,
    ),
    // SQLite takes the other columns from the row holding max(ts): the last value of each step.
    db.all<HistoryPoint>(
      sql`SELECT max(ts) AS ts, ${METRIC_COLUMNS}
          FROM account_snapshots_minute WHERE account_id = ${accountId} AND ts >= ${minuteFrom} AND ts <= ${to}
          GROUP BY ts / ${sql.raw(String(step))} ORDER BY ts`,
    ),
  ]);
  return [...hourly, ...minute];
}
