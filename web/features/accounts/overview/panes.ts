import type { RpcOutputs } from '@contract/types';
import { METRICS, type MetricKey } from '~/shared/accounts/metrics';

export type DashboardPrefs = RpcOutputs['getDashboardPrefs'];
export type PaneId = keyof DashboardPrefs['panes'];
export type UpnlMode = DashboardPrefs['positionsUpnlMode'];

/** The dashboard's panes, in display order, with their defaults (docs/PRODUCT-RULES.md §6). */
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
