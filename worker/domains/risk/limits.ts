import type { RiskLimitKind } from '../../contract/enums';

/**
 * The one limit check of PRODUCT.md §6: breach detection (every snapshot and live update) and
 * order entry's pre-trade check both call it, the latter on the exposure the order would leave.
 */
export type LimitSet = Partial<Record<RiskLimitKind, number>>;

/** What the limits look at for one trader (all accounts summed). */
export interface TraderExposure {
  equity: number;
  notional: number;
  /** fraction below the 30-day peak, ≥ 0 */
  drawdown: number;
  /** position notionals by symbol, signed (long +, short −), across the trader's accounts */
  positions: Record<string, number>;
}

export interface LimitViolation {
  kind: RiskLimitKind;
  value: number;
  limit: number;
  symbol: string | null;
}

export function leverageOf(e: { equity: number; notional: number }): number {
  if (e.equity > 0) return e.notional / e.equity;
  return e.notional > 0 ? Number.POSITIVE_INFINITY : 0;
}

/** Firm defaults with the trader's overrides on top. */
export function effectiveLimits(firm: LimitSet, trader: LimitSet | undefined): LimitSet {
  return { ...firm, ...trader };
}

/** Every trader-level limit the exposure is over (strictly above the limit). */
export function evaluateTraderLimits(e: TraderExposure, limits: LimitSet): LimitViolation[] {
  const out: LimitViolation[] = [];
  const sizes = Object.entries(e.positions).map(([symbol, n]) => [symbol, Math.abs(n)] as const);
  const largest = sizes.reduce<readonly [string, number] | null>((a, s) => (a && a[1] >= s[1] ? a : s), null);
  const gross = sizes.reduce((a, [, n]) => a + n, 0);
  const check = (kind: RiskLimitKind, value: number, symbol: string | null = null) => {
    const limit = limits[kind];
    if (limit !== undefined && value > limit) out.push({ kind, value, limit, symbol });
  };
  check('maxLeverage', leverageOf(e));
  check('maxDrawdown', e.drawdown);
  if (largest) {
    check('maxPositionNotional', largest[1], largest[0]);
    check('maxPositionShare', gross > 0 ? largest[1] / gross : 0, largest[0]);
  }
  return out;
}

/** Firm-wide: the net exposure of each symbol (Σ signed notionals of every trader) against its limit. */
export function evaluateFirmLimits(netBySymbol: Record<string, number>, limits: LimitSet): LimitViolation[] {
  const limit = limits.maxSymbolNetExposure;
  if (limit === undefined) return [];
  return Object.entries(netBySymbol)
    .filter(([, net]) => Math.abs(net) > limit)
    .map(([symbol, net]) => ({ kind: 'maxSymbolNetExposure' as const, value: Math.abs(net), limit, symbol }));
}

/**
 * The exposure after an order of `notional` USD (signed: buy +, sell −) on `symbol`, at unchanged
 * equity: what order entry checks with evaluateTraderLimits before sending.
 */
export function exposureAfterOrder(e: TraderExposure, symbol: string, notional: number): TraderExposure {
  const positions = { ...e.positions, [symbol]: (e.positions[symbol] ?? 0) + notional };
  const gross = Object.values(positions).reduce((a, n) => a + Math.abs(n), 0);
  return { ...e, positions, notional: gross };
}
