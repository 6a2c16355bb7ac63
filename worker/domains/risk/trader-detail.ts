import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { domainError } from '../../lib/domain-error';
import { listBreaches, openBreachesByTrader } from './breaches';
import { firmHistory } from './history';
import { loadTraderStates, toLatest } from './latest';
import { loadLimits } from './limit-store';
import { effectiveLimits } from './limits';
import { readDays } from './rollup-days';
import { traderStatsFrom } from './stats';

/** getRiskTrader: one trader's accounts, positions, equity curve, stats, breaches and limits. */
export async function riskTraderDetail(db: Db, traderId: string, from: number, to: number, now = Date.now()) {
  // One round: every read names the trader's accounts itself (the desk's are account_assignments).
  const [{ desk, states }, days, open, breaches, limits, history] = await Promise.all([
    loadTraderStates(db, now, traderId),
    readDays(db, from, to, sql`(SELECT account_id FROM account_assignments WHERE user_id = ${traderId})`),
    openBreachesByTrader(db),
    listBreaches(db, { status: 'all', traderId, limit: 100 }),
    loadLimits(db),
    firmHistory(db, from, to, [traderId], now),
  ]);
  const state = states[0];
  if (!state) throw domainError('NOT_FOUND', 'No trader with that id has accounts');
  return {
    latest: toLatest(state, open.get(traderId) ?? []),
    stats: traderStatsFrom(desk, days)[0]!,
    accounts: state.accounts.map((a) => ({ id: a.id, email: a.email, label: a.label, ts: a.ts, positions: a.positions })),
    curve: history.traders[0]?.points ?? [],
    breaches,
    limits: effectiveLimits(limits.firm, limits.byTrader.get(traderId)),
    overrides: limits.byTrader.get(traderId) ?? {},
  };
}
