import type { AccountSnapshot } from './types';

/** The dashboard metrics of one account (docs/PRODUCT-RULES.md §7), all in USD except leverage and counts. */
export interface AccountMetrics {
  totalBalance: number;
  futuresBalance: number;
  spotBalance: number;
  futuresUpnl: number;
  totalUpnl: number;
  notional: number;
  /**
   * notional ÷ equity, equity = futures margin balance (USDT-M + COIN-M). null when equity ≤ 0:
   * a ratio against zero or negative equity is meaningless, and the UI shows "—" rather than ∞.
   */
  leverage: number | null;
  btcPrice: number;
  positions: number;
}

export function computeMetrics(snapshot: AccountSnapshot): AccountMetrics {
  const { usdtM, coinM } = snapshot.futures;
  const futuresBalance = usdtM.marginBalance + coinM.marginBalanceUsd;
  const spotBalance = snapshot.spot.totalUsd;
  const notional = snapshot.positions.reduce((sum, p) => sum + Math.abs(p.notional), 0);
  return {
    totalBalance: spotBalance + futuresBalance,
    futuresBalance,
    spotBalance,
    futuresUpnl: usdtM.unrealizedPnl,
    totalUpnl: usdtM.unrealizedPnl + coinM.unrealizedPnlUsd,
    notional,
    leverage: futuresBalance > 0 ? notional / futuresBalance : null,
    btcPrice: snapshot.btcPrice,
    positions: snapshot.positions.length,
  };
}
