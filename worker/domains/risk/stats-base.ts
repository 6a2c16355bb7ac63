import { eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { riskStatsBase } from '../../db/schema/risk';
import { dayOf } from '../accounts/daily-rollup';
import type { Desk } from './desk';
import { emptyFold, foldDays, sumDays, type SeriesFold } from './metrics';
import { readDays } from './rollup-days';

export const accountKey = (id: string) => `a:${id}`;
export const traderKey = (id: string) => `t:${id}`;

const HOUR = 3_600_000;
/**
 * A day's rollup row can still move a while after its midnight (a snapshot batch retried from the
 * queue): a day counts as settled, and is folded into the stored base, an hour after it ended.
 */
export const SETTLE_MS = HOUR;

/** The first day not yet settled at `now` (ms of its UTC midnight). */
export const settledBefore = (now: number) => dayOf(now - SETTLE_MS);

export interface StatsBase {
  folds: Map<string, SeriesFold>;
  /** each trader's account ids the stored fold summed, joined by commas */
  traderAccounts: Map<string, string>;
}

export async function readStatsBase(db: Db, fromDay: number, uptoDay: number): Promise<StatsBase | null> {
  const rows = await db.values<[string, string, string]>(sql`
    SELECT series_key, accounts, fold FROM ${riskStatsBase}
    WHERE ${riskStatsBase.fromDay} = ${fromDay} AND ${riskStatsBase.uptoDay} = ${uptoDay}`);
  if (rows.length === 0) return null;
  const base: StatsBase = { folds: new Map(), traderAccounts: new Map() };
  for (const [key, accounts, fold] of rows) {
    base.folds.set(key, JSON.parse(fold) as SeriesFold);
    if (key.startsWith('t:')) base.traderAccounts.set(key, accounts);
  }
  return base;
}

/** A trader whose accounts changed since the base was built needs a new base. */
export function baseMatchesDesk(base: StatsBase, desk: Desk): boolean {
  return desk.traders.every((t) => base.traderAccounts.get(traderKey(t.id)) === t.accountIds.join(','));
}

/**
 * Folds the settled days [fromDay, uptoDay) of every account and trader and stores them, replacing
 * the bases of earlier days (a base is only ever read for the current settled day).
 */
export async function buildStatsBase(db: Db, desk: Desk, fromDay: number, uptoDay: number): Promise<StatsBase> {
  const days = await readDays(db, fromDay, uptoDay - 1);
  const base: StatsBase = { folds: new Map(), traderAccounts: new Map() };
  const rows: (typeof riskStatsBase.$inferInsert)[] = [];
  for (const [id, list] of days) {
    const fold = foldDays(emptyFold(), list);
    base.folds.set(accountKey(id), fold);
    rows.push({ fromDay, uptoDay, seriesKey: accountKey(id), accounts: '', fold: JSON.stringify(fold) });
  }
  for (const t of desk.traders) {
    const accounts = t.accountIds.join(',');
    // The same summing as the reference path (stats.ts foldsOfDays): the trader's accounts in order.
    const fold = foldDays(emptyFold(), sumDays(t.accountIds.flatMap((id) => (desk.accounts.has(id) ? (days.get(id) ?? []) : []))));
    base.folds.set(traderKey(t.id), fold);
    base.traderAccounts.set(traderKey(t.id), accounts);
    rows.push({ fromDay, uptoDay, seriesKey: traderKey(t.id), accounts, fold: JSON.stringify(fold) });
  }
  const stale = or(ne(riskStatsBase.uptoDay, uptoDay), eq(riskStatsBase.fromDay, fromDay));
  // 5 columns a row: 19 rows per statement stays under D1's 100 bound parameters.
  const inserts = [];
  for (let i = 0; i < rows.length; i += 19)
    inserts.push(db.insert(riskStatsBase).values(rows.slice(i, i + 19)).onConflictDoNothing());
  await db.batch([db.delete(riskStatsBase).where(stale), ...inserts]);
  return base;
}

/** True when the base of [fromDay, uptoDay) is stored (one indexed probe). */
export async function hasStatsBase(db: Db, fromDay: number, uptoDay: number): Promise<boolean> {
  const rows = await db.values(sql`
    SELECT 1 FROM ${riskStatsBase} WHERE ${riskStatsBase.fromDay} = ${fromDay} AND ${riskStatsBase.uptoDay} = ${uptoDay} LIMIT 1`);
  return rows.length > 0;
}
