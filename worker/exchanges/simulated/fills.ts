import type { AccountSnapshot, Position } from '../types';
import { priceAt } from './market';

/** What simulated fills added to one symbol of an account: signed base quantity (long +). */
export interface SimFill {
  symbol: string;
  quantity: number;
  entryPrice: number;
}

const MAINTENANCE_RATE = 0.005;
/** Leverage setting of a position opened by an order on the simulated venue. */
export const SIM_ORDER_LEVERAGE = 10;

const signed = (p: Position) => (p.side === 'LONG' ? p.size : -p.size);

function merge(leg: Position | undefined, fill: SimFill, mark: number): Position | null {
  const before = leg ? signed(leg) : 0;
  const after = before + fill.quantity;
  if (Math.abs(after) < 1e-12) return null;
  let entry: number;
  if (!leg || Math.sign(after) !== Math.sign(before)) entry = fill.entryPrice;
  else if (Math.abs(after) > Math.abs(before) && Math.sign(fill.quantity) === Math.sign(before))
    entry = (before * leg.entryPrice + fill.quantity * fill.entryPrice) / after;
  else entry = leg.entryPrice;
  const size = Math.abs(after);
  const leverage = leg?.leverage ?? SIM_ORDER_LEVERAGE;
  const notional = size * mark;
  return {
    symbol: fill.symbol,
    side: after > 0 ? 'LONG' : 'SHORT',
    size,
    entryPrice: entry,
    markPrice: mark,
    liquidationPrice: leg && Math.sign(after) === Math.sign(before) ? leg.liquidationPrice : null,
    leverage,
    unrealizedPnl: (mark - entry) * after,
    notional,
    margin: notional / leverage,
  };
}

/**
 * The simulated account with what orders filled on it: each symbol's fills are netted with the
 * account's own book. Realised PnL of reductions is not booked into the wallet (a simulation).
 */
export function withSimFills(snapshot: AccountSnapshot, fills: SimFill[]): AccountSnapshot {
  if (fills.length === 0) return snapshot;
  const bySymbol = new Map(snapshot.positions.map((p) => [p.symbol, p]));
  for (const fill of fills) {
    const leg = bySymbol.get(fill.symbol);
    const merged = merge(leg, fill, leg?.markPrice ?? priceAt(fill.symbol, snapshot.takenAt));
    if (merged) bySymbol.set(fill.symbol, merged);
    else bySymbol.delete(fill.symbol);
  }
  const positions = [...bySymbol.values()];
  const unrealizedPnl = positions.reduce((a, p) => a + p.unrealizedPnl, 0);
  const { walletBalance } = snapshot.futures.usdtM;
  return {
    ...snapshot,
    positions,
    futures: {
      ...snapshot.futures,
      usdtM: {
        walletBalance,
        marginBalance: walletBalance + unrealizedPnl,
        unrealizedPnl,
        initialMargin: positions.reduce((a, p) => a + p.margin, 0),
        maintenanceMargin: positions.reduce((a, p) => a + p.notional * MAINTENANCE_RATE, 0),
      },
    },
  };
}
