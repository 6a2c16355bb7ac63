import type { DayPerformance, SymbolPerformance } from '@contract/performance';
import { DataTable, sortableColumnHelper, spanCell, type DataColumns } from '~/components/ui/data-table';
import { formatPercent, formatUsd } from '~/lib/format';
import { Pnl } from '~/shared/figures';
import type { Period } from './performance-data';

/** The Performance page's sortable tables per symbol and per period (the fills: fills-table.tsx). */

const usd = (v: number) => <span className="tabular">{formatUsd(v)}</span>;
export const pnl = (v: number | null) => (v === null ? <span className="text-muted-foreground">—</span> : <Pnl value={v} />);
const rate = (v: number | null) => (v === null ? '—' : formatPercent(v * 100, { signed: false }));

const sym = sortableColumnHelper<SymbolPerformance>();
const symbolColumns: DataColumns<SymbolPerformance> = sym.columns([
  sym.accessor('symbol', { header: 'Symbol' }),
  sym.accessor('trades', { header: 'Fills', meta: { align: 'right' }, cell: spanCell('tabular') }),
  sym.accessor((r) => r.winRate ?? -1, {
    id: 'winRate',
    header: 'Win rate',
    meta: { align: 'right' },
    cell: (i) => rate(i.row.original.winRate),
  }),
  sym.accessor('realizedPnl', { header: 'Realized', meta: { align: 'right' }, cell: (i) => pnl(i.getValue()) }),
  sym.accessor('fees', { header: 'Fees', meta: { align: 'right' }, cell: (i) => usd(i.getValue()) }),
  sym.accessor('funding', { header: 'Funding', meta: { align: 'right' }, cell: (i) => pnl(i.getValue()) }),
  sym.accessor('net', { header: 'Net', meta: { align: 'right' }, cell: (i) => pnl(i.getValue()) }),
  sym.accessor('unrealizedPnl', { header: 'Unrealized', meta: { align: 'right' }, cell: (i) => pnl(i.getValue()) }),
  sym.accessor((r) => r.bestTrade ?? -Infinity, {
    id: 'best',
    header: 'Best',
    meta: { align: 'right' },
    cell: (i) => pnl(i.row.original.bestTrade),
  }),
  sym.accessor((r) => r.worstTrade ?? Infinity, {
    id: 'worst',
    header: 'Worst',
    meta: { align: 'right' },
    cell: (i) => pnl(i.row.original.worstTrade),
  }),
]);

export function SymbolsTable({ rows }: { rows: SymbolPerformance[] }) {
  return (
    <DataTable
      label="Performance per symbol"
      columns={symbolColumns}
      data={rows}
      getRowId={(r) => r.symbol}
      initialSorting={[{ id: 'net', desc: true }]}
      rowTestId={(r) => `perf-symbol-${r.symbol}`}
      testId="perf-symbols"
    />
  );
}

const periodLabel = (ts: number, period: Period) => {
  const iso = new Date(ts).toISOString();
  return period === 'month' ? iso.slice(0, 7) : period === 'week' ? `Week of ${iso.slice(0, 10)}` : iso.slice(0, 10);
};

const per = sortableColumnHelper<DayPerformance>();
const periodColumns = (period: Period): DataColumns<DayPerformance> =>
  per.columns([
    per.accessor('day', {
      header: period === 'day' ? 'Day (UTC)' : period === 'week' ? 'Week (UTC)' : 'Month (UTC)',
      cell: (i) => <span className="tabular">{periodLabel(i.getValue(), period)}</span>,
    }),
    per.accessor('trades', { header: 'Fills', meta: { align: 'right' }, cell: spanCell('tabular') }),
    per.accessor('realizedPnl', { header: 'Realized', meta: { align: 'right' }, cell: (i) => pnl(i.getValue()) }),
    per.accessor('fees', { header: 'Fees', meta: { align: 'right' }, cell: (i) => usd(i.getValue()) }),
    per.accessor('funding', { header: 'Funding', meta: { align: 'right' }, cell: (i) => pnl(i.getValue()) }),
    per.accessor('net', { header: 'Net', meta: { align: 'right' }, cell: (i) => pnl(i.getValue()) }),
  ]);

export function PeriodsTable({ rows, period }: { rows: DayPerformance[]; period: Period }) {
  return (
    <DataTable
      key={period}
      label={`Performance per ${period}`}
      columns={periodColumns(period)}
      data={rows}
      getRowId={(r) => String(r.day)}
      initialSorting={[{ id: 'day', desc: true }]}
      testId="perf-periods"
    />
  );
}
