import type { Db } from '../../db/client';
import { HOUR } from './snapshot-store';

export const MINUTE_RETENTION_MS = 7 * 24 * HOUR;

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
