import type { Breach } from '../../contract/risk';
import type { Db } from '../../db/client';
import { readBreaches, symbolScope, syncBreaches, traderScope, type ScopedViolation } from './breaches';
import { netBySymbol } from './desk';
import { deskSnapshot, loadTraderStates } from './latest';
import { storeState, STORED } from './stored-state';
import { loadLimits } from './limit-store';
import { effectiveLimits, evaluateFirmLimits, evaluateTraderLimits } from './limits';

export interface RiskEvaluation {
  opened: Breach[];
  closed: Breach[];
}

/**
 * Checks every trader and the firm against the limits and updates the breach episodes. Run after
 * every snapshot run (the minute cron); safe to run concurrently (see syncBreaches). Stores the
 * desk state it judged, which getAllTradersLatestMetrics answers from.
 */
export async function evaluateRiskLimits(db: Db, now = Date.now()): Promise<RiskEvaluation> {
  const [{ desk, states }, limits] = await Promise.all([loadTraderStates(db, now), loadLimits(db)]);
  const scopes = new Set<string>();
  const violations: ScopedViolation[] = [];
  for (const s of states) {
    // A trader without any snapshot yet has nothing to judge.
    if (s.totals.lastUpdate === null) continue;
    const scopeKey = traderScope(s.trader.id);
    scopes.add(scopeKey);
    for (const v of evaluateTraderLimits(s.exposure, effectiveLimits(limits.firm, limits.byTrader.get(s.trader.id))))
      violations.push({ ...v, traderId: s.trader.id, scopeKey });
  }
  const firmNet = netBySymbol([...desk.accounts.values()]);
  for (const symbol of Object.keys(firmNet)) scopes.add(symbolScope(symbol));
  for (const v of evaluateFirmLimits(firmNet, limits.firm))
    violations.push({ ...v, traderId: null, scopeKey: symbolScope(v.symbol!) });
  // Symbols nobody holds any more close their firm-wide episodes too.
  // The desk state is computed once a minute, here: getAllTradersLatestMetrics answers from it.
  const [{ opened, closed }] = await Promise.all([
    syncBreaches(db, scopes, violations, now, (key) => key.startsWith('symbol:')),
    storeState(db, STORED.latest, now, deskSnapshot(desk, states)),
  ]);
  const [openedRows, closedRows] = await Promise.all([readBreaches(db, opened), readBreaches(db, closed)]);
  return { opened: openedRows, closed: closedRows };
}
