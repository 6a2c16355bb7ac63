import type { RpcOutputs } from '@contract/types';

/** Account types inferred from the contract (type-only). */
export type Account = RpcOutputs['getUserAccounts'][number];
export type AccountStats = RpcOutputs['getUserAccountStats'];
export type AccountMetrics = NonNullable<AccountStats['metrics']>;
export type Position = AccountStats['positions'][number];
export type HistoryPoint = RpcOutputs['getAccountHistory']['points'][number];
export type DashboardPrefs = RpcOutputs['getDashboardPrefs'];
export type PaneId = keyof DashboardPrefs['panes'];
export type UpnlMode = DashboardPrefs['positionsUpnlMode'];

/** The account metrics alerts can watch and history charts draw (PRODUCT.md §4). */
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

/** SPEC.md §3 panes, in display order, with their defaults. */
export const PANES: { id: PaneId; title: string; metric?: MetricKey; description: string; defaultOn: boolean }[] = [
  {
    id: 'total-balance',
    title: 'Total balance',
    metric: 'totalBalance',
    description: METRICS.totalBalance.description,
    defaultOn: true,
  },
  {
    id: 'futures-upnl',
    title: 'Futures uPnL',
    metric: 'futuresUpnl',
    description: METRICS.futuresUpnl.description,
    defaultOn: true,
  },
  { id: 'leverage', title: 'Leverage', metric: 'leverage', description: METRICS.leverage.description, defaultOn: true },
  { id: 'positions-upnl', title: 'Positions uPnL', description: 'Per position, absolute or % of margin', defaultOn: true },
  {
    id: 'futures-balance',
    title: 'Futures balance',
    metric: 'futuresBalance',
    description: METRICS.futuresBalance.description,
    defaultOn: false,
  },
  { id: 'total-upnl', title: 'Total uPnL', metric: 'totalUpnl', description: METRICS.totalUpnl.description, defaultOn: false },
  { id: 'notional', title: 'Notional', metric: 'notional', description: METRICS.notional.description, defaultOn: false },
  {
    id: 'spot-balance',
    title: 'Spot balance',
    metric: 'spotBalance',
    description: METRICS.spotBalance.description,
    defaultOn: false,
  },
  { id: 'btc-price', title: 'BTC price', metric: 'btcPrice', description: METRICS.btcPrice.description, defaultOn: false },
];

export const DEFAULT_PREFS: DashboardPrefs = {
  panes: Object.fromEntries(PANES.map((pane) => [pane.id, pane.defaultOn])) as DashboardPrefs['panes'],
  positionsUpnlMode: 'absolute',
};

export function isPaneOn(prefs: DashboardPrefs, id: PaneId) {
  return prefs.panes[id] ?? PANES.find((pane) => pane.id === id)?.defaultOn ?? false;
}

/** uPnL as a percentage of the position's margin; null when the margin is zero. */
export function upnlPercent(position: Pick<Position, 'unrealizedPnl' | 'margin'>) {
  return position.margin > 0 ? (position.unrealizedPnl / position.margin) * 100 : null;
}

/** An account as people name it: its label, else its email. */
export function accountName(account: Pick<Account, 'label' | 'email'>) {
  return account.label || account.email;
}
