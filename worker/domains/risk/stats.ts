import { sql } from 'drizzle-orm';
import type { TraderStats } from '../../contract/risk';
import type { Db } from '../../db/client';
import { domainError } from '../../lib/domain-error';
import { batchReads } from '../../db/batch-reads';
import { daysFrom, daysQuery, readDays } from './rollup-days';
import { storedFrom, storedOrReads, storeState, STORED } from './stored-state';
import { dayOf } from '../accounts/daily-rollup';
import { accountsOf, deskFrom, deskQueries, loadDesk, type Desk, type DeskAccount, type DeskTrader } from './desk';
import { emptyFold, finishFold, foldDays, largestPositionShare, sumDays, type DailyEquity, type SeriesFold } from './metrics';
import { accountKey, baseMatchesDesk, buildStatsBase, hasStatsBase, readStatsBase, settledBefore, traderKey } from './stats-base';

const DAY = 86_400_000;
export const DEFAULT_STATS_DAYS = 30;

/** The shared date range's default (docs/PRODUCT-RULES.md §6): 30 days up to the end of today. */
export function defaultRange(now: number) {
  const to = dayOf(now) + DAY - 1;
  return { from: to + 1 - DEFAULT_STATS_DAYS * DAY, to };
}

/** Where each series' fold comes from: all of its days (the slow path) or a stored base plus later days. */
export interface SeriesFolds {
  account(accountId: string): SeriesFold;
  trader(trader: DeskTrader, accounts: DeskAccount[]): SeriesFold;
}

/** Folds every series over all the given days. */
export function foldsOfDays(days: Map<string, DailyEquity[]>, base?: Map<string, SeriesFold>): SeriesFolds {
  return {
    account: (id) => foldDays(base?.get(accountKey(id)) ?? emptyFold(), days.get(id) ?? []),
    trader: (t, accounts) =>
      foldDays(base?.get(traderKey(t.id)) ?? emptyFold(), sumDays(accounts.flatMap((a) => days.get(a.id) ?? []))),
  };
}

export function traderStatsWith(desk: Desk, folds: SeriesFolds): TraderStats[] {
  return desk.traders.map((t) => {
    const accounts = accountsOf(desk, t);
    const positions = accounts.flatMap((a) => a.positions.map((p) => p.notional));
    return {
      traderId: t.id,
      name: t.name,
      email: t.email,
      ...finishFold(folds.trader(t, accounts)),
      largestPositionShare: largestPositionShare(positions),
      accounts: accounts.map((a) => ({
        accountId: a.id,
        email: a.email,
        label: a.label,
        ...finishFold(folds.account(a.id)),
        largestPositionShare: largestPositionShare(a.positions.map((p) => p.notional)),
      })),
    };
  });
}

/** The stats over exactly `days` (the reference the stored path must equal). */
export function traderStatsFrom(desk: Desk, days: Map<string, DailyEquity[]>): TraderStats[] {
  return traderStatsWith(desk, foldsOfDays(days));
}

/**
 * The stats per trader and per account over [from, to], from the daily rollup only.
 * A range reaching into the unsettled days reads the settled days' folds (risk_stats_base, built
 * once per day) and adds only the unsettled days' rows.
 */
export async function computeTraderStats(db: Db, range: { from?: number; to?: number }, now = Date.now()) {
  const def = defaultRange(now);
  const from = range.from ?? def.from;
  const to = range.to ?? def.to;
  const settled = settledBefore(now);
  const fromDay = dayOf(from);
  if (to < settled || fromDay >= settled) {
    const [desk, days] = await Promise.all([loadDesk(db, now), readDays(db, from, to)]);
    return { from, to, traders: traderStatsFrom(desk, days) };
  }
  const [desk, stored, live] = await Promise.all([
    loadDesk(db, now),
    readStatsBase(db, fromDay, settled),
    readDays(db, settled, to),
  ]);
  const base = stored && baseMatchesDesk(stored, desk) ? stored : await buildStatsBase(db, desk, fromDay, settled);
  return { from, to, traders: traderStatsWith(desk, foldsOfDays(live, base.folds)) };
}

type StatsResult = Awaited<ReturnType<typeof computeTraderStats>>;

/**
 * fetchAllTraderStats. The default range (what the overview's 30 days ask for) is computed once a
 * minute by the cron (storeDefaultStats) and read from there; other ranges are computed per call.
 * The default range takes one round either way: the stored stats, or, only when none of today's
 * are fresh (the first minute after a deploy, a stalled cron), the desk and the range's days in
 * the same batch, folded whole (what the settled days' base is checked to equal: fast-path.test.ts).
 */
export async function allTraderStats(db: Db, range: { from?: number; to?: number }, now = Date.now()): Promise<StatsResult> {
  const def = defaultRange(now);
  // The contract compares the ends it is given; one end left out is compared with its default here.
  if ((range.from ?? def.from) >= (range.to ?? def.to)) throw domainError('BAD_REQUEST', 'from must be before to');
  if ((range.from ?? def.from) === def.from && (range.to ?? def.to) === def.to) {
    // Stored today (defaultRange depends on the day only): the stored range is today's.
    const today = dayOf(now);
    const stored = storedOrReads(
      STORED.defaultStats,
      now,
      sql`risk_desk_state.evaluated_at >= ${today} AND risk_desk_state.evaluated_at < ${today + DAY}`,
    );
    const [state, traderRows, accountRows, dayRows] = await batchReads(db, [
      stored.read(db),
      ...deskQueries(db, now, undefined, stored.gate),
      daysQuery(db, def.from, def.to, undefined, stored.gate),
    ]);
    const fresh = storedFrom<StatsResult>(state)?.value;
    if (!fresh) return { ...def, traders: traderStatsFrom(deskFrom(traderRows, accountRows), daysFrom(dayRows)) };
    if (fresh.from === def.from && fresh.to === def.to) return fresh;
    // (Not reached while storeDefaultStats is the writer: a state of another range is computed.)
  }
  return computeTraderStats(db, range, now);
}

/**
 * The minute cron: builds the settled days' base once a day (after the settling hour), then the
 * default range's stats on top of it, stored for every reader of that minute.
 */
export async function storeDefaultStats(db: Db, now = Date.now()) {
  const fromDay = dayOf(defaultRange(now).from);
  const settled = settledBefore(now);
  if (!(await hasStatsBase(db, fromDay, settled))) await buildStatsBase(db, await loadDesk(db, now), fromDay, settled);
  await storeState(db, STORED.defaultStats, now, await computeTraderStats(db, {}, now));
}
