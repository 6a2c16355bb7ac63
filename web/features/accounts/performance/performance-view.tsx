import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { Performance } from '@contract/performance';
import { PageSection } from '~/components/layout/page';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { SegmentedControl } from '~/components/ui/segmented-control';
import { Skeleton } from '~/components/ui/skeleton';
import { formatAgo, formatPercent, formatUsd } from '~/lib/format';
import { orpc } from '~/lib/rpc';
import { useNow } from '~/lib/use-now';
import { resolveRange, type DateRange } from '~/shared/date-range/date-range';
import { useSharedRange } from '~/shared/date-range/shared-range';
import { CsvButton } from '~/shared/csv-button';
import { Pnl } from '~/shared/figures';
import { FillsSection } from './fills-section';
import { byPeriod, periodsCsv, symbolsCsv, type Period } from './performance-data';
import { PeriodsTable, SymbolsTable } from './performance-tables';
import { PnlCalendar } from './pnl-calendar';

const PerformanceChart = lazy(() => import('./performance-chart'));

const PERIODS: { value: Period; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

/** The range as the server reads it, to the minute (a stable query key while the page is open). */
export function rangeOf(range: DateRange) {
  const { from, to } = resolveRange(range);
  return { from: Math.floor(from / 60_000) * 60_000, to: Math.ceil((to + 1) / 60_000) * 60_000 };
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="rounded-lg border border-border bg-card px-3 py-2" data-testid={testId}>
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="mt-0.5 text-base font-semibold">{children}</div>
    </div>
  );
}

function Totals({ perf }: { perf: Performance }) {
  const t = perf.totals;
  const winRate = t.winRate === null ? '—' : formatPercent(t.winRate * 100, { signed: false });
  const figures: [label: string, testId: string, value: ReactNode][] = [
    ['Net (realized − fees + funding)', 'perf-net', <Pnl value={t.net} />],
    ['Realized PnL', 'perf-realized', <Pnl value={t.realizedPnl} />],
    ['Fees', 'perf-fees', <span className="tabular">{formatUsd(t.fees)}</span>],
    ['Funding', 'perf-funding', <Pnl value={t.funding} />],
    ['Unrealized PnL (now)', 'perf-unrealized', <Pnl value={t.unrealizedPnl} />],
    [`Win rate · ${t.closing} closing of ${t.trades} fills`, 'perf-winrate', <span className="tabular">{winRate}</span>],
  ];
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="perf-totals">
      {figures.map(([label, testId, value]) => (
        <Figure key={testId} label={label} testId={testId}>
          {value}
        </Figure>
      ))}
    </div>
  );
}

/** Whose performance: yours (no trader), or a trader's for the risk team. */
const whose = (traderId: string | undefined) => (traderId ? 'this trader’s' : 'your');

/** The freshness line: simulated or not, and when the accounts were last imported. */
export function Freshness({ perf }: { perf: Performance }) {
  const now = useNow();
  return (
    <p className="mb-2 text-xs text-muted-foreground" data-testid="perf-freshness">
      {perf.simulated ? (
        <span className="mr-2 rounded border border-warning/50 px-1 text-warning" data-testid="perf-simulated">
          simulated
        </span>
      ) : null}
      {perf.simulated ? 'Simulated accounts’ fills, fees and funding come from the local simulated market. ' : ''}
      {perf.importedAt === null ? 'Not imported yet.' : `Imported from the exchange ${formatAgo(now - perf.importedAt)}.`}
    </p>
  );
}

/**
 * Performance over a range — totals, net PnL chart, daily calendar, per symbol, per period, fills —
 * of the caller, or of a trader (`traderId`: the risk team's trader page).
 */
export function PerformanceView({ range, traderId }: { range: DateRange; traderId?: string }) {
  const input = useMemo(() => ({ ...rangeOf(range), ...(traderId ? { traderId } : {}) }), [range, traderId]);
  const [period, setPeriod] = useState<Period>('day');
  const perf = useQuery({ ...orpc.getPerformance.queryOptions({ input }), refetchInterval: 30_000 });
  const periods = useMemo(() => (perf.data ? byPeriod(perf.data.days, period) : []), [perf.data, period]);
  // The tables below the totals and the chart render in a deferred pass, which React interrupts to
  // let the browser paint and handle input: a year of fills is not one long task on arrival.
  const lower = useDeferredValue(perf.data, undefined);
  const stamp = new Date(input.to).toISOString().slice(0, 10);
  const who = whose(traderId);

  if (perf.isPending)
    return (
      <div className="space-y-3" data-testid="perf-loading" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-56 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (perf.isError)
    return <ErrorState what={`${who} performance`} error={perf.error} onRetry={() => void perf.refetch()} testId="perf-error" />;
  const p = perf.data;
  const calendar = (
    <PageSection title="Daily PnL (UTC)">
      <PnlCalendar traderId={traderId} initialDay={input.to - 1} />
    </PageSection>
  );
  if (p.totals.trades === 0 && p.days.length === 0)
    return (
      <>
        <Freshness perf={p} />
        <EmptyState title="No fills or funding in this range" testId="perf-empty">
          Fills appear here once orders fill on {traderId ? 'the trader’s' : 'your'} accounts (the terminal places them); choose a
          longer range to see older ones.
        </EmptyState>
        {calendar}
      </>
    );
  return (
    <>
      <Freshness perf={p} />
      <Totals perf={p} />
      <PageSection
        title="Net PnL"
        actions={<SegmentedControl label="Group by" options={PERIODS} value={period} onChange={setPeriod} />}
      >
        <Suspense fallback={<Skeleton className="h-56 w-full sm:h-64" />}>
          <PerformanceChart periods={periods} days={p.days} />
        </Suspense>
      </PageSection>
      {calendar}
      <PageSection
        title="Per symbol"
        actions={
          <CsvButton name={`performance-symbols-${stamp}.csv`} csv={() => symbolsCsv(p.symbols)} testId="perf-csv-symbols" />
        }
      >
        {lower ? <SymbolsTable rows={lower.symbols} /> : <Skeleton className="h-32 w-full" />}
      </PageSection>
      <PageSection
        title={`Per ${period} (UTC)`}
        actions={
          <CsvButton
            name={`performance-${period}s-${stamp}.csv`}
            csv={() => periodsCsv(periods, period)}
            testId="perf-csv-periods"
          />
        }
      >
        {lower ? <PeriodsTable rows={periods} period={period} /> : <Skeleton className="h-32 w-full" />}
      </PageSection>
      {/* Mounted once performance is in: that read imports the accounts first, listFills only reads. */}
      <FillsSection input={input} total={p.totals.trades} who={who} stamp={stamp} />
    </>
  );
}

/** A trader's performance over the shared date range (the risk trader page). */
export function TraderPerformance({ traderId }: { traderId: string }) {
  return <PerformanceView range={useSharedRange()} traderId={traderId} />;
}
