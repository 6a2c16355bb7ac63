import type { RpcOutputs } from '@contract/types';

/** Account types inferred from the contract (type-only). */
export type Account = RpcOutputs['getUserAccounts'][number];
export type AccountStats = RpcOutputs['getUserAccountStats'];
export type AccountMetrics = NonNullable<AccountStats['metrics']>;
export type Position = AccountStats['positions'][number];
export type HistoryPoint = RpcOutputs['getAccountHistory']['points'][number];

/** The account metrics alerts can watch and history charts draw (docs/PRODUCT-RULES.md §7). */
export type MetricKey = Exclude<keyof AccountMetrics, 'positions'>;
export type MetricKind = 'usd' | 'pnl' | 'price' | 'leverage';

export interface MetricInfo {
  label: string;
  kind: MetricKind;
  description: string;
}

export const METRICS: Record<MetricKey, MetricInfo> = {
  totalBalance: { label: 'Total balance', kind: 'usd', description: 'Spot + futures margin balance, USD' },
  futuresBalance: { label: 'Futures balance', kind: 'usd', description: 'Futures margin balance, USD' },
  spotBalance: { label: 'Spot balance', kind: 'usd', description: 'Spot assets valued in USD' },
  futuresUpnl: { label: 'Futures uPnL', kind: 'pnl', description: 'USDT-M unrealized PnL' },
  totalUpnl: { label: 'Total uPnL', kind: 'pnl', description: 'Unrealized PnL of all futures wallets' },
  notional: { label: 'Notional', kind: 'usd', description: 'Σ |size × mark| of open positions' },
  leverage: { label: 'Leverage', kind: 'leverage', description: 'Notional / equity' },
  btcPrice: { label: 'BTC price', kind: 'price', description: 'BTCUSDT mark price' },
};

export const METRIC_KEYS = Object.keys(METRICS) as MetricKey[];

/** uPnL as a percentage of the position's margin; null when the margin is zero. */
export function upnlPercent(position: Pick<Position, 'unrealizedPnl' | 'margin'>) {
  return position.margin > 0 ? (position.unrealizedPnl / position.margin) * 100 : null;
}

/** An account as people name it: its label, else its email. */
export function accountName(account: Pick<Account, 'label' | 'email'>) {
  return account.label || account.email;
}
