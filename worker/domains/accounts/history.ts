import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { HOUR, MINUTE } from './snapshot-store';
import { MINUTE_RETENTION_MS } from './rollup';

export interface HistoryPoint {
  ts: number;
  totalBalance: number;
  futuresUpnl: number;
  totalUpnl: number;
  notional: number;
  leverage: number | null;
}

/**
 * The charted metrics only, read as plain row arrays (not objects) and rounded to what a chart can
 * show (cents, 0.001× leverage): a 30-day read is ~700 rows, and decoding D1's rows and writing the
 * JSON's numbers were most of its cost.
 */
const METRIC_COLUMNS = sql.raw(
  'round(total_balance, 2), round(futures_upnl, 2), round(total_upnl, 2), round(notional, 2), round(leverage, 3)',
);
type HistoryRow = [number, number, number, number, number, number | null];

function toPoint(r: HistoryRow): HistoryPoint {
  return {
    ts: r[0],
    totalBalance: r[1],
    futuresUpnl: r[2],
    totalUpnl: r[3],
    notional: r[4],
    leverage: r[5],
  };
}

/** Minute rows are thinned with the range, so a chart never gets more points than it has pixels. */
function minuteStep(rangeMs: number): number {
  return rangeMs <= 24 * HOUR ? MINUTE : 10 * MINUTE;
}

/**
 * One account's history over [from, to]. Ranges up to a week: hourly rows where minute rows have
 * been rolled up, minute rows (thinned by the range) after that. Longer ranges: hourly rows only.
 * Every read is a range scan of an (account_id, ts) primary key. Snapshot times are whole minutes.
 * The reads come unawaited (one or two), for a batch; historyFrom makes the points of their answers.
 * `accountId` may be SQL naming it (accountIdOfEmail: read in the call that checks access).
 */
export function historyQueries(db: Db, accountId: string | SQL, from: number, to: number, now = Date.now()) {
  // Ranges over a week are drawn hourly: hourly rows exist for every hour, the current one included.
  if (to - from > MINUTE_RETENTION_MS) {
    return [
      db.values<HistoryRow>(
        sql`SELECT ts, ${METRIC_COLUMNS} FROM account_snapshots_hourly WHERE account_id = ${accountId} AND ts >= ${from} AND ts <= ${to} ORDER BY ts`,
      ),
    ] as const;
  }
  const minuteFrom = Math.max(from, Math.floor((now - MINUTE_RETENTION_MS) / HOUR) * HOUR);
  const step = minuteStep(to - from);
  return [
    db.values<HistoryRow>(
      sql`SELECT ts, ${METRIC_COLUMNS} FROM account_snapshots_hourly WHERE account_id = ${accountId} AND ts >= ${from} AND ts < ${minuteFrom} AND ts <= ${to} ORDER BY ts`,
    ),
    step === MINUTE
      ? db.values<HistoryRow>(
          sql`SELECT ts, ${METRIC_COLUMNS} FROM account_snapshots_minute
              WHERE account_id = ${accountId} AND ts >= ${minuteFrom} AND ts <= ${to} ORDER BY ts`,
        )
      : // The row closing each step plus the latest one (the step still filling). A filter on the
        // key, not a GROUP BY ts / step: that sorted all ~10,000 minute rows of a week.
        db.values<HistoryRow>(
          sql`SELECT ts, ${METRIC_COLUMNS} FROM account_snapshots_minute
              WHERE account_id = ${accountId} AND ts >= ${minuteFrom} AND ts <= ${to}
                AND (ts % ${step} = ${step - MINUTE}
                  OR ts = (SELECT max(ts) FROM account_snapshots_minute WHERE account_id = ${accountId} AND ts <= ${to}))
              ORDER BY ts`,
        ),
  ] as const;
}

/** The points of historyQueries' answers, oldest first (hourly rows come before minute rows). */
export function historyFrom(answers: readonly HistoryRow[][]): HistoryPoint[] {
  return answers.flat().map(toPoint);
}
