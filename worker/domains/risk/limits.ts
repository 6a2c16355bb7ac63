import type { RiskLimitKind } from '../../contract/enums';
import { largestShare, leverageOf, shareOf, type TraderExposure } from './exposure-model';

/**
 * The one limit check: breach detection (every snapshot) and the pre-trade gate (every order) both
 * call it, on exposures from the one exposure model (exposure-model.ts).
 */
export type LimitSet = Partial<Record<RiskLimitKind, number>>;

export interface LimitViolation {
  kind: RiskLimitKind;
  /** Infinity for leverage on zero or negative equity */
  value: number;
  limit: number;
  symbol: string | null;
}

/** Firm defaults with the trader's overrides on top. */
export function effectiveLimits(firm: LimitSet, trader: LimitSet | undefined): LimitSet {
  return { ...firm, ...trader };
}

/** Every trader-level limit the exposure is over (strictly above the limit); every symbol is checked. */
export function evaluateTraderLimits(e: TraderExposure, limits: LimitSet): LimitViolation[] {
  const out: LimitViolation[] = [];
  const check = (kind: RiskLimitKind, value: number, symbol: string | null = null) => {
    const limit = limits[kind];
    if (limit !== undefined && value > limit) out.push({ kind, value, limit, symbol });
  };
  check('maxLeverage', leverageOf(e));
  check('maxDrawdown', e.drawdown);
  for (const [symbol, notional] of Object.entries(e.bySymbol)) check('maxPositionNotional', notional, symbol);
  const top = largestShare(e);
  if (top) check('maxPositionShare', top.share, top.symbol);
  return out;
}

/** Firm-wide: each symbol's largest |net| notional against its limit. */
export function evaluateFirmLimits(netBySymbol: Record<string, number>, limits: LimitSet): LimitViolation[] {
  const limit = limits.maxSymbolNetExposure;
  if (limit === undefined) return [];
  return Object.entries(netBySymbol)
    .filter(([, net]) => Math.abs(net) > limit)
    .map(([symbol, net]) => ({ kind: 'maxSymbolNetExposure' as const, value: Math.abs(net), limit, symbol }));
}

/**
 * The trader-level limit an order on `symbol` would cross, judged on the exposure it leaves in the
 * worst outcome in which it adds to its position (null: none). An order is only judged where it
 * adds: one that reduces its position in every outcome is always allowed, one that adds while the
 * book is already over a limit is refused (it takes it further over).
 */
export function orderViolation(after: TraderExposure, limits: LimitSet, symbol: string): LimitViolation | null {
  const lev = limits.maxLeverage;
  if (lev !== undefined && leverageOf(after) > lev)
    return { kind: 'maxLeverage', value: leverageOf(after), limit: lev, symbol: null };
  const pos = limits.maxPositionNotional;
  const n = after.bySymbol[symbol] ?? 0;
  if (pos !== undefined && n > pos) return { kind: 'maxPositionNotional', value: n, limit: pos, symbol };
  const share = limits.maxPositionShare;
  const s = shareOf(after, symbol);
  if (share !== undefined && s > share) return { kind: 'maxPositionShare', value: s, limit: share, symbol };
  return null;
}

/** The firm's limit on `symbol` an order would cross, at its worst net where it adds (null: none). */
export function firmOrderViolation(worstNetAfter: number, limits: LimitSet, symbol: string): LimitViolation | null {
  const limit = limits.maxSymbolNetExposure;
  if (limit === undefined || worstNetAfter <= limit) return null;
  return { kind: 'maxSymbolNetExposure', value: worstNetAfter, limit, symbol };
}

/**
 * Where a quantity that is anywhere in [lo, hi] goes with `d` added (partly or wholly): whether it
 * can grow in magnitude at all, and the largest magnitude it reaches when it does.
 */
export function addsTo(range: { lo: number; hi: number }, d: number): { adds: boolean; worst: number } {
  if (d > 0) return { adds: range.hi > -d / 2, worst: Math.abs(range.hi + d) };
  if (d < 0) return { adds: range.lo < -d / 2, worst: Math.abs(range.lo + d) };
  return { adds: false, worst: 0 };
}
