import type { SnapshotRecord } from '../domains/accounts/snapshot-store';
import type { AccountMetrics } from '../exchanges/metrics';
import type { Position } from '../exchanges/types';

/** A position of this notional at a mark of 100 and 10× leverage. */
export const position = (symbol: string, side: 'LONG' | 'SHORT', notional: number): Position => ({
  symbol,
  side,
  size: notional / 100,
  entryPrice: 100,
  markPrice: 100,
  liquidationPrice: null,
  leverage: 10,
  unrealizedPnl: 0,
  notional,
  margin: notional / 10,
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
