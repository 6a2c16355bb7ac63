import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batchReads } from '../../db/batch-reads';
import { domainError } from '../../lib/domain-error';
import { breachesQuery, openBreachesFrom, openBreachesQuery } from './breaches';
import { historyQuery, traderCurve } from './history';
import { toLatest, traderStatesFrom, traderStatesQueries } from './latest';
import { limitsQuery, limitTableFrom } from './limit-store';
import { effectiveLimits } from './limits';
import { daysFrom, daysQuery } from './rollup-days';
import { traderStatsFrom } from './stats';

/** getRiskTrader: one trader's accounts, positions, equity curve, stats, breaches and limits. */
export async function riskTraderDetail(db: Db, traderId: string, from: number, to: number, now = Date.now()) {
  // One batch: every read names the trader's accounts itself (the desk's are account_assignments).
  const [traderRows, accountRows, peakRows, dayRows, openRows, breaches, limitRows, historyRows] = await batchReads(db, [
    ...traderStatesQueries(db, now, traderId),
    daysQuery(db, from, to, sql`(SELECT account_id FROM account_assignments WHERE user_id = ${traderId})`),
    openBreachesQuery(db, traderId),
    breachesQuery(db, { status: 'all', traderId, limit: 100 }),
    limitsQuery(db),
    historyQuery(db, from, to),
  ]);
  const { desk, states } = traderStatesFrom([traderRows, accountRows, peakRows]);
  const state = states[0];
  if (!state) throw domainError('NOT_FOUND', 'No trader with that id has accounts');
  const limits = limitTableFrom(limitRows);
  return {
    latest: toLatest(state, openBreachesFrom(openRows).get(traderId) ?? []),
    stats: traderStatsFrom(desk, daysFrom(dayRows))[0]!,
    accounts: state.accounts.map((a) => ({ id: a.id, email: a.email, label: a.label, ts: a.ts, positions: a.positions })),
    // The firm's history of this trader: their accounts (the same as the whole desk's for them) summed by day.
    curve: traderCurve(historyRows, state.trader.accountIds),
    breaches,
    limits: effectiveLimits(limits.firm, limits.byTrader.get(traderId)),
    overrides: limits.byTrader.get(traderId) ?? {},
  };
}
