import type { Breach, DeskPatch } from '../../contract/risk';
import type { Db } from '../../db/client';
import {
  openBreachesByTrader,
  readBreaches,
  symbolScope,
  syncBreaches,
  traderScope,
  traderOfSymbolScope,
  traderSymbolScope,
  type ScopedViolation,
} from './breaches';
import { firmNet, rangesOf, worstNet } from './exposure-model';
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
  const judged = new Set<string>();
  for (const s of states) {
    // A trader without any snapshot yet has nothing to judge.
    if (s.totals.lastUpdate === null) continue;
    judged.add(s.trader.id);
    scopes.add(traderScope(s.trader.id));
    for (const v of evaluateTraderLimits(s.exposure, effectiveLimits(limits.firm, limits.byTrader.get(s.trader.id)))) {
      // Each symbol over its notional limit is an episode of its own.
      const scopeKey = v.kind === 'maxPositionNotional' ? traderSymbolScope(s.trader.id, v.symbol!) : traderScope(s.trader.id);
      violations.push({ ...v, traderId: s.trader.id, scopeKey });
    }
  }
  const net = firmNet([...desk.accounts.values()].flatMap((a) => rangesOf(a.id, a.positions)));
  const firmWorst = Object.fromEntries(Object.entries(net).map(([symbol, n]) => [symbol, worstNet(n)]));
  for (const symbol of Object.keys(firmWorst)) scopes.add(symbolScope(symbol));
  for (const v of evaluateFirmLimits(firmWorst, limits.firm))
    violations.push({ ...v, traderId: null, scopeKey: symbolScope(v.symbol!) });
  // Symbols nobody holds any more close their firm-wide and per-symbol episodes too.
  // The desk state is computed once a minute, here: getAllTradersLatestMetrics answers from it.
  const snapshot = deskSnapshot(desk, states);
  const [{ opened, closed }] = await Promise.all([
    syncBreaches(db, scopes, violations, now, (key) => key.startsWith('symbol:') || judged.has(traderOfSymbolScope(key) ?? '')),
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
