import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { PageHeader } from '~/components/layout/page';
import { sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { EmptyState } from '~/components/ui/empty-state';
import { QueryError } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { FlashValue, MetricValue, Pnl } from '~/features/accounts/numbers';
import { cn } from '~/lib/cn';
import { formatAgo, formatDateTime } from '~/lib/format';
import { onClockTick } from '~/lib/use-now';
import { writeText } from '~/lib/write-text';
import { formatFraction, formatLimit, LIMIT_LABELS, STALE_AFTER_MS } from './risk-format';
import { RiskLiveBadge } from './risk-live';
import { latestMetricsQuery, type TraderRow } from './risk-queries';
import { BreachMark } from './breach-mark';
import { TotalsRow } from './totals';
import { VirtualDataTable } from '~/components/ui/virtual-data-table';

const col = sortableColumnHelper<TraderRow>();
// Fixed column widths (the table is table-fixed): a live value that changes its width relayouts
// its cell only, not every column of the table. The trader column takes the rest.
const figure = (width: string) => ({ align: 'right' as const, className: width });

/**
 * A row's data age. The shared clock writes the text straight into the DOM once a second (no
 * re-render of 500 traders' age cells); data-stale turns it into a warning and greys its row (CSS).
 */
function Age({ ts }: { ts: number | null }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ts === null) return;
    const el = ref.current!;
    const show = (now: number) => {
      const stale = now - ts > STALE_AFTER_MS;
      if (el.hasAttribute('data-stale') !== stale) el.toggleAttribute('data-stale', stale);
      writeText(el, `${stale ? 'Stale · ' : ''}${formatAgo(now - ts)}`);
    };
    show(Date.now());
    return onClockTick(show);
  }, [ts]);
  if (ts === null) return <span className="text-muted-foreground">never</span>;
  return (
    <span
      ref={ref}
      className="tabular text-xs text-muted-foreground data-stale:font-medium data-stale:text-warning"
      title={formatDateTime(ts, { seconds: true })}
    />
  );
}

const columns: DataColumns<TraderRow> = [
  col.accessor('name', {
    header: 'Trader',
    meta: { className: 'truncate' },
    cell: (c) => (
      <span className="flex flex-col leading-tight">
        <span className="font-medium">{c.getValue()}</span>
        <span className="text-xs text-muted-foreground">
          {c.row.original.accounts} account{c.row.original.accounts === 1 ? '' : 's'}
        </span>
      </span>
    ),
  }),
  col.accessor('equity', {
    header: 'Equity',
    meta: figure('w-32'),
    cell: (c) => (
      <FlashValue value={c.getValue()}>
        <MetricValue kind="usd" value={c.getValue()} />
      </FlashValue>
    ),
  }),
  col.accessor('dayPnl', { header: 'Day PnL', meta: figure('w-28'), cell: (c) => <Pnl value={c.getValue()} compact /> }),
  col.accessor('upnl', { header: 'uPnL', meta: figure('w-28'), cell: (c) => <Pnl value={c.getValue()} compact /> }),
  col.accessor((r) => r.leverage ?? -1, {
    id: 'leverage',
    header: 'Leverage',
    meta: figure('w-28'),
    cell: (c) => (
      <FlashValue value={c.row.original.leverage}>
        <MetricValue kind="leverage" value={c.row.original.leverage} />
      </FlashValue>
    ),
  }),
  col.accessor('notional', { header: 'Notional', meta: figure('w-28'), cell: (c) => <MetricValue kind="usd" value={c.getValue()} /> }),
  col.accessor('drawdown', {
    header: 'Drawdown',
    meta: figure('w-28'),
    cell: (c) => (
      <span className={cn('tabular', c.getValue() > 0.1 && 'text-destructive')}>
        {c.getValue() > 0 ? `−${formatFraction(c.getValue())}` : formatFraction(0)}
      </span>
    ),
  }),
  col.accessor('largestPositionShare', {
    header: 'Top position',
    meta: figure('w-32'),
    cell: (c) => <span className="tabular">{formatFraction(c.getValue())}</span>,
  }),
  col.accessor((r) => r.lastUpdate ?? 0, {
    id: 'lastUpdate',
    header: 'Updated',
    meta: figure('w-36'),
    cell: (c) => <Age ts={c.row.original.lastUpdate} />,
  }),
  col.accessor((r) => r.breaches.length, {
    id: 'breaches',
    header: 'Breaches',
    meta: { className: 'w-72 truncate' },
    cell: (c) =>
      c.row.original.breaches.length === 0 ? (
        <span className="text-xs text-muted-foreground">Within limits</span>
      ) : (
        <span className="flex flex-col gap-0.5">
          {c.row.original.breaches.map((b) => (
            <BreachMark
              key={b.id}
              title={`${LIMIT_LABELS[b.kind]}: ${formatLimit(b.kind, b.value)} over ${formatLimit(b.kind, b.limit)}`}
            >
              {LIMIT_LABELS[b.kind].replace('Max ', '')} {formatLimit(b.kind, b.value)}
            </BreachMark>
          ))}
        </span>
      ),
  }),
];

// A stale row is greyed by CSS from its age cell (data-stale), which the clock writes without
// rendering anything.
const rowClassName = (t: TraderRow) =>
  cn('has-[[data-stale]]:opacity-55 has-[[data-stale]]:saturate-50', t.breaches.length > 0 && 'bg-destructive/5');

/** /risk-team: every trader's latest metrics, live, in one sortable virtualized table. */
export function RiskOverviewPage() {
  const query = useQuery(latestMetricsQuery);
  const navigate = useNavigate();
  const data = useMemo(() => query.data?.traders ?? [], [query.data]);
  const breached = data.filter((t) => t.breaches.length > 0).length;
  const firm = query.data?.firm;
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-as-of={query.data?.asOf}>
      <PageHeader
        title="Risk Overview"
        description={
          query.data
            ? `${data.length} traders · ${breached} with a breach now. Click a trader (or press Enter) to open them.`
            : 'Every trader’s latest metrics in one table.'
        }
        actions={<RiskLiveBadge />}
      />
      {query.isError ? (
        <QueryError query={query} what="the traders’ metrics" />
      ) : query.isPending ? (
        <div className="space-y-2" aria-busy="true" aria-label="Loading traders">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-9 w-full" />
          ))}
        </div>
      ) : data.length === 0 ? (
        <EmptyState title="No traders yet">
          Assign exchange accounts to users under Admin → Account Assignments; they appear here as traders.
        </EmptyState>
      ) : (
        <TradersTable
          data={data}
          onOpen={(t) => void navigate({ to: '/risk-team/risk-trader', search: { trader: t.traderId } })}
          rowClassName={rowClassName}
          footer={firm ? <TotalsRow as="row" totals={firm} label="Firm total" trailing={<td colSpan={4} />} testId="firm-total" /> : null}
        />
      )}
    </div>
  );
}

function TradersTable(props: {
  data: TraderRow[];
  onOpen: (t: TraderRow) => void;
  rowClassName: (t: TraderRow) => string | undefined;
  footer: ReactNode;
}) {
  return (
    <VirtualDataTable
      label="Traders"
      columns={columns}
      getRowId={(t) => t.traderId}
      rowLabel={(t) => `${t.name}${t.breaches.length ? `, ${t.breaches.length} breach${t.breaches.length > 1 ? 'es' : ''}` : ''}`}
      testId="risk-overview-table"
      tableClassName="table-fixed min-w-[88rem]"
      {...props}
    />
  );
}
