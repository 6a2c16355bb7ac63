import { sql } from 'drizzle-orm';
import type { TraderStats } from '../../contract/risk';
import type { Db } from '../../db/client';
import { dayOf } from '../accounts/daily-rollup';
import { accountsOf, loadDesk, type Desk } from './desk';
import { largestPositionShare, seriesStats, sumDays, type DailyEquity } from './metrics';

const DAY = 86_400_000;
export const DEFAULT_STATS_DAYS = 30;

/** The shared date range's default (SPEC.md §3): 30 days up to the end of today. */
export function defaultRange(now: number) {
  const to = dayOf(now) + DAY - 1;
  return { from: to + 1 - DEFAULT_STATS_DAYS * DAY, to };
}

type DayRow = [string, number, number, number, number, number, number, number, number];

/** The daily rollup rows of [from, to], grouped by account; rows as arrays (cheaper to decode). */
export async function readDays(db: Db, from: number, to: number, accountIds?: string[]): Promise<Map<string, DailyEquity[]>> {
  const only = accountIds ? sql`AND account_id IN ${accountIds.length ? accountIds : ['']}` : sql``;
  const rows = await db.values<DayRow>(sql`
    SELECT account_id, day, open_equity, close_equity, min_equity, max_equity, leverage_sum, samples, peak_leverage
    FROM account_daily WHERE day >= ${dayOf(from)} AND day <= ${to} ${only} ORDER BY account_id, day`);
  const out = new Map<string, DailyEquity[]>();
  for (const r of rows) {
    const d: DailyEquity = {
      day: r[1],
      openEquity: r[2],
      closeEquity: r[3],
      minEquity: r[4],
      maxEquity: r[5],
      leverageSum: r[6],
      samples: r[7],
      peakLeverage: r[8],
    };
    const list = out.get(r[0]);
    if (list) list.push(d);
    else out.set(r[0], [d]);
  }
  return out;
}

export function traderStatsFrom(desk: Desk, days: Map<string, DailyEquity[]>): TraderStats[] {
  return desk.traders.map((t) => {
    const accounts = accountsOf(desk, t);
    const positions = accounts.flatMap((a) => a.positions.map((p) => p.notional));
    return {
      traderId: t.id,
      name: t.name,
      email: t.email,
      ...seriesStats(sumDays(accounts.flatMap((a) => days.get(a.id) ?? []))),
      largestPositionShare: largestPositionShare(positions),
      accounts: accounts.map((a) => ({
        accountId: a.id,
        email: a.email,
        label: a.label,
        ...seriesStats(days.get(a.id) ?? []),
        largestPositionShare: largestPositionShare(a.positions.map((p) => p.notional)),
      })),
    };
  });
}

/** fetchAllTraderStats: per trader and per account over [from, to], from the daily rollup only. */
export async function allTraderStats(db: Db, range: { from?: number; to?: number }, now = Date.now()) {
  const def = defaultRange(now);
  const from = range.from ?? def.from;
  const to = range.to ?? def.to;
  const [desk, days] = await Promise.all([loadDesk(db, now), readDays(db, from, to)]);
  return { from, to, traders: traderStatsFrom(desk, days) };
}
