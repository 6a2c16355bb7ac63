import type { ReactNode } from 'react';
import { Pnl } from '~/shared/figures';
import { formatLeverage } from '~/lib/format';
import { formatFraction, formatRatio } from './risk-format';
import type { TraderStats } from './risk-queries';

type Stats = Omit<TraderStats, 'traderId' | 'name' | 'email' | 'accounts'>;

/** The stats of one trader over the range, as labelled figures. */
export function StatGrid({ stats }: { stats: Stats }) {
  const items: [string, ReactNode][] = [
    ['Return', stats.totalReturn === null ? '—' : <Pnl value={stats.totalReturn * 100} percent />],
    ['Max drawdown', stats.maxDrawdown > 0 ? `−${formatFraction(stats.maxDrawdown)}` : formatFraction(0)],
    ['Daily volatility', formatFraction(stats.volatility)],
    ['Sharpe (√365)', formatRatio(stats.sharpe)],
    ['Avg leverage', formatLeverage(stats.avgLeverage)],
    ['Peak leverage', formatLeverage(stats.peakLeverage)],
    ['Top position share', formatFraction(stats.largestPositionShare)],
    ['Best day', stats.bestDay === null ? '—' : <Pnl value={stats.bestDay * 100} percent />],
    ['Worst day', stats.worstDay === null ? '—' : <Pnl value={stats.worstDay * 100} percent />],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-5">
      {items.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="tabular text-sm font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
