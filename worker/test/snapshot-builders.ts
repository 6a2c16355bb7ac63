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

/** One snapshot of an account with this equity and these positions, as the snapshot job writes it. */
export function record(accountId: string, ts: number, equity: number, positions: Position[]): SnapshotRecord {
  const notional = positions.reduce((a, p) => a + p.notional, 0);
  const metrics: AccountMetrics = {
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
  return { accountId, ts, metrics, positions };
}
