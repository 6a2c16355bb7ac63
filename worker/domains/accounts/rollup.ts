import type { Db } from '../../db/client';
import { DAY, HOUR } from './snapshot-store';

export const MINUTE_RETENTION_MS = 7 * 24 * HOUR;

/**
 * Hourly rows are kept 13 months (docs/PRODUCT-RULES.md §8: a year of history, plus a month so a year-long
 * date range is always whole); the daily rollup (account_daily) keeps the long view.
 */
export const HOURLY_RETENTION_MS = 395 * DAY;

/**
 * Rolls minute rows of whole hours older than the retention into hourly rows (the hour's last
 * values plus its balance range), then deletes them: one batch, so a crash leaves either both or
 * neither. Re-running is harmless (INSERT OR REPLACE of identical rows; nothing left to delete).
 */
// Integer constants are inlined: D1 binds JS numbers as REAL, which would make `ts / ?` a float division.
export async function rollupMinuteSnapshots(db: Db, now: number) {
  const cutoff = Math.floor((now - MINUTE_RETENTION_MS) / HOUR) * HOUR;
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(
        `
      INSERT OR REPLACE INTO account_snapshots_hourly
        (account_id, ts, total_balance, futures_balance, spot_balance, futures_upnl, total_upnl, notional, leverage,
         btc_price, positions_count, min_total_balance, max_total_balance)
      SELECT m.account_id, h.hour, m.total_balance, m.futures_balance, m.spot_balance, m.futures_upnl, m.total_upnl,
             m.notional, m.leverage, m.btc_price, m.positions_count, h.min_total, h.max_total
      FROM (
        SELECT account_id, (ts / ${HOUR}) * ${HOUR} AS hour, max(ts) AS last_ts,
               min(total_balance) AS min_total, max(total_balance) AS max_total
        FROM account_snapshots_minute WHERE ts < ?1
        GROUP BY account_id, hour
      ) h
      JOIN account_snapshots_minute m ON m.account_id = h.account_id AND m.ts = h.last_ts`,
      )
      .bind(cutoff),
    d1.prepare('DELETE FROM account_snapshots_minute WHERE ts < ?1').bind(cutoff),
  ]);
}

/**
 * Deletes hourly rows past the retention. Walks the accounts and seeks each one's primary-key range
 * (account_id, ts < cutoff), so a tick costs one index seek per account (at most a row or two to
 * delete each, after the first run), never a scan of the hourly table.
 */
export async function pruneHourlySnapshots(db: Db, now: number): Promise<number> {
  const result = await db.$client
    .prepare(
      `DELETE FROM account_snapshots_hourly WHERE rowid IN (
         SELECT h.rowid FROM exchange_accounts a
         JOIN account_snapshots_hourly h ON h.account_id = a.id AND h.ts < ?1)
       RETURNING ts`,
    )
    .bind(now - HOURLY_RETENTION_MS)
    .all();
  return result.results.length;
}
