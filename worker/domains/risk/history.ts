import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dayOf } from '../accounts/daily-rollup';
import { batchReads } from '../../db/batch-reads';
import { deskFrom, deskQueries } from './desk';

export interface RiskHistoryPoint {
  ts: number;
  equity: number;
  gross: number;
  net: number;
}

type Row = [string, number, number, number, number];

function sumByDay(rows: Row[], accountIds: Set<string> | null): RiskHistoryPoint[] {
  const byDay = new Map<number, RiskHistoryPoint>();
  for (const [accountId, day, equity, gross, net] of rows) {
    if (accountIds && !accountIds.has(accountId)) continue;
    const p = byDay.get(day) ?? { ts: day, equity: 0, gross: 0, net: 0 };
    p.equity += equity;
    p.gross += gross;
    p.net += net;
    byDay.set(day, p);
  }
  return [...byDay.values()].sort((a, b) => a.ts - b.ts);
}

/** The daily rollup's closes of [from, to], every account's, unawaited (for a batch). */
export const historyQuery = (db: Db, from: number, to: number) =>
  db.values<Row>(sql`
      SELECT account_id, day, close_equity, close_notional, close_net_notional
      FROM account_daily WHERE day >= ${dayOf(from)} AND day <= ${to}`);

/** One trader's points from historyQuery's rows: their accounts' closes summed by day. */
export const traderCurve = (rows: Row[], accountIds: string[]) => sumByDay(rows, new Set(accountIds));

/**
 * Daily equity, gross and net exposure at each day's close, for the firm (every assigned account
 * once) and for up to 8 traders, from the daily rollup. One batch: the desk and the days.
 */
export async function firmHistory(db: Db, from: number, to: number, traderIds: string[] = [], now = Date.now()) {
  const [traderRows, accountRows, rows] = await batchReads(db, [...deskQueries(db, now), historyQuery(db, from, to)]);
  const desk = deskFrom(traderRows, accountRows);
  const held = new Set(desk.traders.flatMap((t) => t.accountIds));
  return {
    firm: sumByDay(rows, held),
    traders: desk.traders
      .filter((t) => traderIds.includes(t.id))
      .map((t) => ({ traderId: t.id, name: t.name, points: traderCurve(rows, t.accountIds) })),
  };
}
