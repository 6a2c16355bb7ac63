import type { Position } from '../../exchanges/types';

/**
 * The one exposure model (docs/RISK-MODEL.md): the risk overview, breach detection, previewOrder
 * and placeOrder all compute a trader's exposure with `traderExposure` and the firm's with
 * `firmNet`. A position is a range of signed base quantities: exact for a snapshot (lo = hi),
 * wider while orders are in flight or fills are not yet in a snapshot (the pre-trade gate), so
 * every figure here is the largest the exposure can be in any outcome.
 */
export interface PositionRange {
  accountId: string;
  symbol: string;
  /** signed base quantity (long +): the smallest and the largest it can be */
  lo: number;
  hi: number;
  /** USD per unit */
  mark: number;
}

export interface TraderExposure {
  /** Σ futures margin balance of the trader's accounts, USD */
  equity: number;
  /** gross notional: Σ |size| × mark over every position of every account (a long and a short both count) */
  gross: number;
  /** per symbol, Σ |size| × mark of the trader's positions in it across accounts */
  bySymbol: Record<string, number>;
  /** per symbol, the smallest that sum can be (what the share of another symbol is judged against) */
  bySymbolLeast: Record<string, number>;
  /** fraction below the 30-day peak equity, ≥ 0 */
  drawdown: number;
}

/** Largest and smallest |quantity| a range allows. */
const largest = (p: PositionRange) => Math.max(Math.abs(p.lo), Math.abs(p.hi));
const least = (p: PositionRange) => (p.lo <= 0 && p.hi >= 0 ? 0 : Math.min(Math.abs(p.lo), Math.abs(p.hi)));

export function traderExposure(equity: number, positions: readonly PositionRange[], drawdown = 0): TraderExposure {
  const bySymbol: Record<string, number> = {};
  const bySymbolLeast: Record<string, number> = {};
  let gross = 0;
  for (const p of positions) {
    const most = largest(p) * p.mark;
    bySymbol[p.symbol] = (bySymbol[p.symbol] ?? 0) + most;
    bySymbolLeast[p.symbol] = (bySymbolLeast[p.symbol] ?? 0) + least(p) * p.mark;
    gross += most;
  }
  return { equity, gross, bySymbol, bySymbolLeast, drawdown };
}

/**
 * gross ÷ equity. Zero or negative equity with any position is unbounded (Infinity here; stored
 * and shown as null, "unbounded").
 */
export function leverageOf(e: Pick<TraderExposure, 'equity' | 'gross'>): number {
  if (e.equity > 0) return e.gross / e.equity;
  return e.gross > 0 ? Number.POSITIVE_INFINITY : 0;
}

/** The largest share `symbol` can have of the gross: its most against the others' least. */
export function shareOf(e: TraderExposure, symbol: string): number {
  const mine = e.bySymbol[symbol] ?? 0;
  let others = 0;
  for (const [s, n] of Object.entries(e.bySymbolLeast)) if (s !== symbol) others += n;
  return mine + others > 0 ? mine / (mine + others) : 0;
}

/** The symbol with the largest share and that share (null without positions). */
export function largestShare(e: TraderExposure): { symbol: string; share: number } | null {
  let best: { symbol: string; share: number } | null = null;
  for (const symbol of Object.keys(e.bySymbol)) {
    const share = shareOf(e, symbol);
    if (!best || share > best.share) best = { symbol, share };
  }
  return best;
}

/** The firm's net notional per symbol (Σ signed size × mark over every account), as a range in USD. */
export function firmNet(positions: readonly PositionRange[]): Record<string, { lo: number; hi: number }> {
  const out: Record<string, { lo: number; hi: number }> = {};
  for (const p of positions) {
    const n = (out[p.symbol] ??= { lo: 0, hi: 0 });
    n.lo += p.lo * p.mark;
    n.hi += p.hi * p.mark;
  }
  return out;
}

/** The largest |net| a range allows. */
export const worstNet = (n: { lo: number; hi: number } | undefined) => (n ? Math.max(Math.abs(n.lo), Math.abs(n.hi)) : 0);

/** A snapshot's positions as exact ranges. */
export function rangesOf(accountId: string, positions: readonly Position[]): PositionRange[] {
  return positions.map((p) => {
    const qty = p.side === 'LONG' ? p.size : -p.size;
    return { accountId, symbol: p.symbol, lo: qty, hi: qty, mark: p.markPrice };
  });
}
