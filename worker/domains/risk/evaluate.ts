import type { Breach, DeskPatch } from '../../contract/risk';
import type { Db } from '../../db/client';
import { openBreachesByTrader, readBreaches, symbolScope, syncBreaches, traderScope, type ScopedViolation } from './breaches';
import { netBySymbol } from './desk';
import { diffDesk } from './desk-patch';
import { deskSnapshot, loadTraderStates, withBreaches, type DeskSnapshot } from './latest';
import { readState, storeState, STORED } from './stored-state';
import { loadLimits } from './limit-store';
import { effectiveLimits, evaluateFirmLimits, evaluateTraderLimits } from './limits';

export interface RiskEvaluation {
  opened: Breach[];
  closed: Breach[];
  /** What changed in the traders' rows since the previous evaluation; null: views refetch. */
  desk: DeskPatch | null;
}

/**
 * Checks every trader and the firm against the limits and updates the breach episodes. Run after
 * every snapshot run (the minute cron); safe to run concurrently (see syncBreaches). Stores the
 * desk state it judged, which getAllTradersLatestMetrics answers from.
 */
export async function evaluateRiskLimits(db: Db, now = Date.now()): Promise<RiskEvaluation> {
  // The previous evaluation's rows, as viewers hold them, are what this one's changes apply on.
  const [{ desk, states }, limits, previous, openBefore] = await Promise.all([
    loadTraderStates(db, now),
    loadLimits(db),
    readState<DeskSnapshot>(db, STORED.latest),
    openBreachesByTrader(db),
  ]);
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
  const snapshot = deskSnapshot(desk, states);
  const [{ opened, closed }] = await Promise.all([
    syncBreaches(db, scopes, violations, now, (key) => key.startsWith('symbol:')),
    storeState(db, STORED.latest, now, snapshot),
  ]);
  const [openedRows, closedRows, openAfter] = await Promise.all([
    readBreaches(db, opened),
    readBreaches(db, closed),
    openBreachesByTrader(db),
  ]);
  const patch =
    previous &&
    diffDesk(
      { asOf: previous.computedAt, ...withBreaches(previous.value, openBefore) },
      { asOf: now, ...withBreaches(snapshot, openAfter) },
    );
  return { opened: openedRows, closed: closedRows, desk: patch ?? null };
}
