import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dayOf } from '../accounts/daily-rollup';
import type { DailyEquity } from './metrics';

type DayRow = [string, number, number, number, number, number, number, number, number];

/** The daily rollup rows of [from, to], grouped by account; rows as arrays (cheaper to decode). */
export async function readDays(
  db: Db,
  from: number,
  to: number,
  accountIds?: string[] | SQL,
): Promise<Map<string, DailyEquity[]>> {
  return daysFrom(await daysQuery(db, from, to, accountIds));
}

/** readDays' read, unawaited (for a db.batch); `gate` starts its FROM (stored-state.ts storedOrReads). */
export function daysQuery(db: Db, from: number, to: number, accountIds?: string[] | SQL, gate: SQL = sql``) {
  // A subquery (SQL) lets a caller read the days in the same round as what names the accounts.
  const only =
    accountIds === undefined
      ? sql``
      : Array.isArray(accountIds)
        ? sql`AND account_id IN ${accountIds.length ? accountIds : ['']}`
        : sql`AND account_id IN ${accountIds}`;
  return db.values<DayRow>(sql`
    SELECT account_id, day, open_equity, close_equity, min_equity, max_equity, leverage_sum, samples, peak_leverage
    FROM ${gate} account_daily WHERE day >= ${dayOf(from)} AND day <= ${to} ${only} ORDER BY account_id, day`);
}

/** The rows of daysQuery by account. */
export function daysFrom(rows: DayRow[]): Map<string, DailyEquity[]> {
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
