import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dayOf } from '../accounts/daily-rollup';
import { loadDesk } from './desk';

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

/**
 * Daily equity, gross and net exposure at each day's close, for the firm (every assigned account
 * once) and for up to 8 traders, from the daily rollup.
 */
export async function firmHistory(db: Db, from: number, to: number, traderIds: string[] = [], now = Date.now()) {
  const [desk, rows] = await Promise.all([
    loadDesk(db, now),
    db.values<Row>(sql`
      SELECT account_id, day, close_equity, close_notional, close_net_notional
      FROM account_daily WHERE day >= ${dayOf(from)} AND day <= ${to}`),
  ]);
  const held = new Set(desk.traders.flatMap((t) => t.accountIds));
  return {
    firm: sumByDay(rows, held),
    traders: desk.traders
      .filter((t) => traderIds.includes(t.id))
      .map((t) => ({ traderId: t.id, name: t.name, points: sumByDay(rows, new Set(t.accountIds)) })),
  };
}
