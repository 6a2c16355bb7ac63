import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { PageHeader } from '~/components/layout/page';
import { Button } from '~/components/ui/button';
import { sortableColumnHelper, spanCell, type DataColumns } from '~/components/ui/data-table';
import { EmptyState } from '~/components/ui/empty-state';
import { QueryError } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { DateRangePicker } from '~/shared/date-range/date-range-picker';
import { resolveRange } from '~/shared/date-range/date-range';
import { Pnl } from '~/shared/figures';
import { setSharedRange, useSharedRange } from '~/shared/date-range/shared-range';
import { formatLeverage } from '~/lib/format';
import { downloadCsv, toCsv } from '~/shared/csv';
import { formatFraction, formatRatio } from './risk-format';
import { traderStatsQuery, type TraderStats } from './risk-queries';
import { VirtualDataTable } from '~/components/ui/virtual-data-table';

type AccountRow = TraderStats['accounts'][number] & { trader: string };
const col = sortableColumnHelper<AccountRow>();
const right = { align: 'right' as const, width: '7rem' };
const pct = (v: number | null) =>
  v === null ? <span className="text-muted-foreground">—</span> : <Pnl value={v * 100} percent />;
const plain = (v: number | null) => <span className="tabular">{formatFraction(v)}</span>;
const num = (v: number | null) => v ?? Number.NEGATIVE_INFINITY;

const columns: DataColumns<AccountRow> = [
  col.accessor('trader', { header: 'Trader', meta: { width: 'minmax(10rem, 1fr)' }, cell: spanCell('font-medium') }),
  col.accessor('email', {
    header: 'Account',
    meta: { width: 'minmax(14rem, 1.5fr)' },
    cell: (c) => (
      <span className="flex flex-col leading-tight">
        <span>{c.row.original.label ?? c.getValue()}</span>
        <span className="text-xs text-muted-foreground">{c.getValue()}</span>
      </span>
    ),
  }),
  col.accessor((r) => num(r.totalReturn), {
    id: 'return',
    header: 'Return',
    meta: right,
    cell: (c) => pct(c.row.original.totalReturn),
  }),
  col.accessor('maxDrawdown', { header: 'Max DD', meta: right, cell: (c) => plain(c.getValue()) }),
  col.accessor((r) => num(r.volatility), {
    id: 'vol',
    header: 'Daily vol',
    meta: right,
    cell: (c) => plain(c.row.original.volatility),
  }),
  col.accessor((r) => num(r.sharpe), {
    id: 'sharpe',
    header: 'Sharpe',
    meta: right,
    cell: (c) => <span className="tabular">{formatRatio(c.row.original.sharpe)}</span>,
  }),
  col.accessor((r) => num(r.avgLeverage), {
    id: 'avgLev',
    header: 'Avg lev',
    meta: right,
    cell: (c) => <span className="tabular">{formatLeverage(c.row.original.avgLeverage)}</span>,
  }),
  col.accessor((r) => num(r.peakLeverage), {
    id: 'peakLev',
    header: 'Peak lev',
    meta: right,
    cell: (c) => <span className="tabular">{formatLeverage(c.row.original.peakLeverage)}</span>,
  }),
  col.accessor('largestPositionShare', { header: 'Top pos.', meta: right, cell: (c) => plain(c.getValue()) }),
  col.accessor((r) => num(r.bestDay), { id: 'best', header: 'Best day', meta: right, cell: (c) => pct(c.row.original.bestDay) }),
  col.accessor((r) => num(r.worstDay), {
    id: 'worst',
    header: 'Worst day',
    meta: right,
    cell: (c) => pct(c.row.original.worstDay),
  }),
];

const CSV_HEADER = [
  'trader',
  'account',
  'label',
  'return',
  'max_drawdown',
  'daily_volatility',
  'sharpe',
  'avg_leverage',
  'peak_leverage',
  'largest_position_share',
  'best_day',
  'worst_day',
  'days',
];

/** /risk-team/metrics: the stats per account over the shared date range, sortable, exportable as CSV. */
export function AccountMetricsPage() {
  const range = useSharedRange();
  const span = useMemo(() => resolveRange(range), [range]);
  const query = useQuery(traderStatsQuery(range));
  const rows = useMemo(
    () => (query.data?.traders ?? []).flatMap((t) => t.accounts.map((a) => ({ ...a, trader: t.name }))),
    [query.data],
  );
  const exportCsv = () =>
    downloadCsv(
      `account-metrics-${new Date(span.from).toISOString().slice(0, 10)}-${new Date(span.to).toISOString().slice(0, 10)}.csv`,
      toCsv([
        CSV_HEADER,
        ...rows.map((r) => [
          r.trader,
          r.email,
          r.label,
          r.totalReturn,
          r.maxDrawdown,
          r.volatility,
          r.sharpe,
          r.avgLeverage,
          r.peakLeverage,
          r.largestPositionShare,
          r.bestDay,
          r.worstDay,
          r.days,
        ]),
      ]),
    );
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        title="Account Metrics"
        description="Per account over the date range, from daily closes: return, max drawdown, daily-return volatility, Sharpe (√365, risk-free 0), leverage, concentration."
        actions={
          <>
            <DateRangePicker value={range} onChange={setSharedRange} />
            <Button size="sm" variant="secondary" onClick={exportCsv} disabled={rows.length === 0}>
              Export CSV
            </Button>
          </>
        }
      />
      {query.isError ? (
        <QueryError query={query} what="the account metrics" />
      ) : query.isPending ? (
        <Skeleton className="h-64" />
      ) : rows.length === 0 ? (
        <EmptyState title="No accounts">Assign exchange accounts to traders under Admin → Account Assignments.</EmptyState>
      ) : (
        <VirtualDataTable
          label="Account metrics"
          columns={columns}
          data={rows}
          getRowId={(r) => `${r.trader}-${r.accountId}`}
          testId="account-metrics-table"
          minWidth="87rem"
        />
      )}
    </div>
  );
}
