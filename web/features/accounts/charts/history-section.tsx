import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import type { Account, HistoryPoint } from '~/shared/accounts/metrics';
import { QueryError } from '~/components/ui/error-state';
import { SkeletonCards } from '~/components/ui/skeleton';
import { Spinner } from '~/components/ui/spinner';
import { cn } from '~/lib/cn';
import { describeRange, resolveRange, type DateRange } from '~/shared/date-range/date-range';
import { accountHistoryQuery } from '~/features/accounts/account-queries';
import { HistoryCharts } from './charts-chunk';

const NO_POINTS: HistoryPoint[] = [];

export function rangeKey(range: DateRange) {
  return range.preset === 'custom' ? `custom:${range.from}:${range.to}` : range.preset;
}

/** Loads the account history for the shared range and hands it to the charts. */
export function HistorySection({ account, range }: { account: Account; range: DateRange }) {
  const key = rangeKey(range);
  // Resolved when the range (or the account) changes: the query key stays put while the page is open.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` identifies `range`
  const { from, to } = useMemo(() => resolveRange(range), [key, account.email]);
  const history = useQuery({
    ...accountHistoryQuery(account.email, { from, to }),
    placeholderData: keepPreviousData,
  });
  // The range the drawn points belong to and when they arrived (while another range loads, the
  // previous points stay drawn, unchanged).
  const [shown, setShown] = useState({ key, at: history.dataUpdatedAt });
  if (history.data && !history.isPlaceholderData && (shown.key !== key || shown.at !== history.dataUpdatedAt)) {
    setShown({ key, at: history.dataUpdatedAt });
  }

  if (history.isError && !history.data) {
    return <QueryError query={history} what="the history" testId="charts-error" />;
  }
  const waiting = history.isPending;
  const points = history.data?.points ?? NO_POINTS;
  const loading = history.isPlaceholderData;
  if (points.length === 0 && !loading && !waiting) {
    return (
      <div
        className="flex flex-1 flex-col items-center justify-center rounded-lg border border-dashed border-border p-8 text-center text-sm"
        data-testid="charts-empty"
      >
        <p className="font-medium">No history for {describeRange(range).toLowerCase()}</p>
        <p className="mt-1 max-w-md text-muted-foreground">
          Snapshots are taken every minute once an account is added. Pick a longer range, or come back in a few minutes.
        </p>
      </div>
    );
  }
  return (
    <div className="relative flex min-h-0 flex-1 flex-col" aria-busy={loading || waiting}>
      {loading ? (
        <div className="absolute top-2 right-3 z-10 flex items-center gap-2 rounded-md bg-popover/90 px-2 py-1 text-xs text-muted-foreground shadow">
          <Spinner label="Loading range" className="size-3" /> Loading {describeRange(range).toLowerCase()}…
        </div>
      ) : null}
      <Suspense fallback={<ChartsSkeleton />}>
        <HistoryCharts points={points} rangeKey={shown.key} pending={loading || waiting} receivedAt={shown.at} />
        {/* First load: the charts are created under the skeleton, so the data only has to be drawn. */}
        {waiting ? <ChartsSkeleton className="absolute inset-0 z-10 bg-background" /> : null}
      </Suspense>
    </div>
  );
}

export function ChartsSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('flex min-h-0 flex-1 flex-col gap-2', className)} data-testid="charts-loading" aria-busy="true">
      <SkeletonCards count={4} className="flex min-h-36 flex-1 flex-col gap-2 p-3" bars={['h-4 w-40', 'flex-1']} />
    </div>
  );
}
