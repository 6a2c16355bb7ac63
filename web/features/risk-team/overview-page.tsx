import { useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useLayoutEffect, useRef } from 'react';
import { PageHeader } from '~/components/layout/page';
import { sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { EmptyState } from '~/components/ui/empty-state';
import { QueryError } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { FlashValue, MetricValue, Pnl } from '~/shared/figures';
import { cn } from '~/lib/cn';
import { formatAgo, formatDateTime } from '~/lib/format';
import { onClockTick } from '~/lib/use-now';
import { writeText } from '~/lib/write-text';
import { formatFraction, formatLimit, STALE_AFTER_MS } from './risk-format';
import { LIMIT_LABELS } from '~/shared/risk-limits';
import { RiskLiveBadge } from './risk-live';
import { latestMetricsQuery, type LatestMetrics, type TraderRow } from './risk-queries';
import { useOpenTrader } from './open-trader';
import { BreachMark } from './breach-mark';
import { TotalsRow } from './totals';
import { VirtualDataTable } from '~/components/ui/virtual-data-table';

const col = sortableColumnHelper<TraderRow>();
// Fixed column widths: the trader column takes the rest.
const figure = (width: string) => ({ align: 'right' as const, width });

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
      data-hover-title={formatDateTime(ts, { seconds: true })}
    />
  );
}

/** `drawdown` for 'Max drawdown (30-day peak)': the row has room for the short words; the hover has all. */
const shortLabel = (kind: TraderRow['breaches'][number]['kind']) =>
  LIMIT_LABELS[kind].replace('Max ', '').replace(/ \(.*\)$/, '');

const breachText = (b: TraderRow['breaches'][number]) =>
  `${LIMIT_LABELS[b.kind]}: ${formatLimit(b.kind, b.value)} over ${formatLimit(b.kind, b.limit)}`;

/** A row has room for two lines: a third breach and more are counted, and listed on hover. */
function Breaches({ breaches }: { breaches: TraderRow['breaches'] }) {
  if (breaches.length === 0) return <span className="text-xs text-muted-foreground">Within limits</span>;
  const shown = breaches.length > 2 ? breaches.slice(0, 1) : breaches;
  const more = breaches.length - shown.length;
  return (
    <span className="flex min-w-0 flex-col gap-0.5">
      {shown.map((b) => (
        <BreachMark key={b.id} title={breachText(b)}>
          {shortLabel(b.kind)} {formatLimit(b.kind, b.value)}
        </BreachMark>
      ))}
      {more > 0 ? (
        <span className="text-xs text-destructive" data-hover-title={breaches.slice(1).map(breachText).join('\n')}>
          +{more} more breaches
        </span>
      ) : null}
    </span>
  );
}

const columns: DataColumns<TraderRow> = [
  col.accessor('name', {
    header: 'Trader',
    meta: { width: 'minmax(10rem, 1fr)' },
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
    meta: figure('7.5rem'),
    cell: (c) => (
      <FlashValue value={c.getValue()}>
        <MetricValue kind="usd" value={c.getValue()} />
      </FlashValue>
    ),
  }),
  col.accessor('dayPnl', { header: 'Day PnL', meta: figure('7rem'), cell: (c) => <Pnl value={c.getValue()} compact /> }),
  col.accessor('upnl', { header: 'uPnL', meta: figure('7rem'), cell: (c) => <Pnl value={c.getValue()} compact /> }),
  col.accessor((r) => r.leverage ?? -1, {
    id: 'leverage',
    header: 'Leverage',
    meta: figure('7rem'),
    cell: (c) => (
      <FlashValue value={c.row.original.leverage}>
        <MetricValue kind="leverage" value={c.row.original.leverage} />
      </FlashValue>
    ),
  }),
  col.accessor('notional', {
    header: 'Notional',
    meta: figure('7rem'),
    cell: (c) => <MetricValue kind="usd" value={c.getValue()} />,
  }),
  col.accessor('drawdown', {
    header: 'Drawdown',
    meta: figure('7rem'),
    cell: (c) => (
      <span className={cn('tabular', c.getValue() > 0.1 && 'text-destructive')}>
        {c.getValue() > 0 ? `−${formatFraction(c.getValue())}` : formatFraction(0)}
      </span>
    ),
  }),
  col.accessor('largestPositionShare', {
    header: 'Top position',
    meta: figure('8rem'),
    cell: (c) => <span className="tabular">{formatFraction(c.getValue())}</span>,
  }),
  col.accessor((r) => r.lastUpdate ?? 0, {
    id: 'lastUpdate',
    header: 'Updated',
    meta: figure('9rem'),
    cell: (c) => <Age ts={c.row.original.lastUpdate} />,
  }),
  col.accessor((r) => r.breaches.length, {
    id: 'breaches',
    header: 'Breaches',
    meta: { width: '16rem' },
    cell: (c) => <Breaches breaches={c.row.original.breaches} />,
  }),
];

// A stale row is greyed by CSS from its age cell (data-stale), which the clock writes without
// rendering anything.
const rowClassName = (t: TraderRow) =>
  cn('has-[[data-stale]]:opacity-55 has-[[data-stale]]:saturate-50', t.breaches.length > 0 && 'bg-destructive/5');

/**
 * /risk-team: every trader's latest metrics, live, in one sortable virtualized table.
 *
 * The table renders the deferred figures (useDeferredValue): a live tick's patch lands in the query
 * cache at once, and the rows it changed render in the background, in slices that leave the main
 * thread between them, instead of in one long task. The same goes for a visit with the figures
 * cached: the page leaves the table's place blank for a frame while the table renders in the background.
 */
export function RiskOverviewPage() {
  const query = useQuery(latestMetricsQuery);
  // null at first: a visit with the figures cached renders the table in the background too.
  const latest = useDeferredValue<LatestMetrics | undefined | null>(query.data, null);
  const onOpen = useOpenTrader();
  const traders = latest?.traders ?? [];
  const breached = traders.filter((t) => t.breaches.length > 0).length;
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-as-of={latest?.asOf}>
      <PageHeader
        title="Risk Overview"
        description={
          latest
            ? `${traders.length} traders · ${breached} with a breach now. Click a trader (or press Enter) to open them.`
            : 'Every trader’s latest metrics in one table.'
        }
        actions={<RiskLiveBadge />}
      />
      {query.isError ? (
        <QueryError query={query} what="the traders’ metrics" />
      ) : !latest && query.data ? (
        // Cached figures, their table rendering in the background: a frame of blank space, not the
        // skeleton (its eight animated bars would be built and started just to be dropped).
        <div className="min-h-0 flex-1" aria-busy="true" aria-label="Loading traders" />
      ) : !latest ? (
        <div className="space-y-2" aria-busy="true" aria-label="Loading traders">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-9 w-full" />
          ))}
        </div>
      ) : traders.length === 0 ? (
        <EmptyState title="No traders yet">
          Assign exchange accounts to users under Admin → Account Assignments; they appear here as traders.
        </EmptyState>
      ) : (
        <TradersTable latest={latest} onOpen={onOpen} />
      )}
    </div>
  );
}

/** Renders again only for new figures (memo): the page's own renders for a tick skip it. */
const TradersTable = memo(function TradersTable({ latest, onOpen }: { latest: LatestMetrics; onOpen: (t: TraderRow) => void }) {
  return (
    <VirtualDataTable
      label="Traders"
      columns={columns}
      data={latest.traders}
      getRowId={(t) => t.traderId}
      rowLabel={(t) => `${t.name}${t.breaches.length ? `, ${t.breaches.length} breach${t.breaches.length > 1 ? 'es' : ''}` : ''}`}
      rowClassName={rowClassName}
      onOpen={onOpen}
      footer={<TotalsRow as="row" totals={latest.firm} label="Firm total" testId="firm-total" />}
      testId="risk-overview-table"
      minWidth="86.5rem"
    />
  );
});
