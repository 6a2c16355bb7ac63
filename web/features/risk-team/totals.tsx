import type { ReactNode } from 'react';
import { GRID_ROW, GridCell } from '~/components/ui/virtual-data-table';
import { MetricValue, Pnl } from '~/shared/figures';

/** The totals both the overview's firm row and the risk trader's header show. */
export interface RiskTotals {
  equity: number;
  dayPnl: number;
  upnl: number;
  leverage: number | null;
  notional: number;
}

/** The five total figures in the overview's column order: one definition for both places. */
const TOTAL_FIGURES: { label: string; render: (t: RiskTotals) => ReactNode }[] = [
  { label: 'Equity', render: (t) => <MetricValue kind="usd" value={t.equity} /> },
  { label: 'Day PnL', render: (t) => <Pnl value={t.dayPnl} compact /> },
  { label: 'uPnL', render: (t) => <Pnl value={t.upnl} compact /> },
  { label: 'Leverage', render: (t) => <MetricValue kind="leverage" value={t.leverage} /> },
  { label: 'Notional', render: (t) => <MetricValue kind="usd" value={t.notional} /> },
];

/**
 * The totals as a VirtualDataTable footer row (the overview's firm total, under the first columns)
 * or as labelled figures (the risk trader's header, followed by `trailing`).
 */
export function TotalsRow({
  totals,
  as,
  label,
  trailing,
  testId,
}: {
  totals: RiskTotals;
  as: 'row' | 'figures';
  label?: string;
  trailing?: ReactNode;
  testId?: string;
}) {
  if (as === 'row')
    return (
      <div role="row" data-testid={testId} className={`${GRID_ROW} h-full`}>
        <GridCell>{label}</GridCell>
        {TOTAL_FIGURES.map((f) => (
          <GridCell key={f.label} align="right">
            {f.render(totals)}
          </GridCell>
        ))}
      </div>
    );
  return (
    <>
      {TOTAL_FIGURES.map((f) => (
        <Figure key={f.label} label={f.label}>
          {f.render(totals)}
        </Figure>
      ))}
      {trailing}
    </>
  );
}

export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="tabular text-lg font-semibold">{children}</span>
    </div>
  );
}
