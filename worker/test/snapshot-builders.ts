import type { SnapshotRecord } from '../domains/accounts/snapshot-store';
import type { AccountMetrics } from '../exchanges/metrics';
import type { Position } from '../exchanges/types';

/** A position of this notional at a mark of 100 and this leverage (10× by default). */
export const position = (symbol: string, side: 'LONG' | 'SHORT', notional: number, leverage = 10): Position => ({
  symbol,
  side,
  size: notional / 100,
  entryPrice: 100,
  markPrice: 100,
  liquidationPrice: null,
  leverage,
  unrealizedPnl: 0,
  notional,
  margin: notional / leverage,
});

/** An account's metrics at this equity (all futures) with these positions, as the snapshot job computes them. */
export function metricsOf(equity: number, positions: Position[]): AccountMetrics {
  const notional = positions.reduce((a, p) => a + p.notional, 0);
  return {
    totalBalance: equity,
    futuresBalance: equity,
    spotBalance: 0,
    futuresUpnl: 0,
    totalUpnl: 0,
    notional,
    leverage: equity > 0 ? notional / equity : null,
    btcPrice: 90_000,
    positions: positions.length,
  };
}

/** One snapshot of an account with this equity and these positions, as the snapshot job writes it. */
export function record(accountId: string, ts: number, equity: number, positions: Position[]): SnapshotRecord {
  return { accountId, ts, metrics: metricsOf(equity, positions), positions };
}

/** Metrics that only an alert on the total balance looks at: everything else fixed and small. */
export const balanceMetrics = (totalBalance: number): AccountMetrics => ({
  totalBalance,
  futuresBalance: 1,
  spotBalance: 1,
  futuresUpnl: 0,
  totalUpnl: 0,
  notional: 0,
  leverage: 1,
  btcPrice: 90_000,
  positions: 0,
});
