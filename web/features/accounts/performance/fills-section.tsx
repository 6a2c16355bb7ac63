import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { FillsCursor } from '@contract/performance';
import { PageSection } from '~/components/layout/page';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { orpc, rpc } from '~/lib/rpc';
import { CsvButton } from '~/shared/csv-button';
import { CSV_PAGE, nextFillsCursor, readAllFills, TABLE_PAGE } from './fills-pages';
import { FillsTable } from './fills-table';
import { fillsCsv } from './performance-data';

type FillsRange = { from: number; to: number; traderId?: string };

/**
 * The range's fills, newest first, a page at a time ("Load older"); the CSV reads every page of
 * the range whatever the table holds. `total` is the range's fill count (the performance read's).
 */
export function FillsSection({ input, total, who, stamp }: { input: FillsRange; total: number; who: string; stamp: string }) {
  const fills = useInfiniteQuery(
    orpc.listFills.infiniteOptions({
      input: (before: FillsCursor | undefined) => ({ ...input, limit: TABLE_PAGE, ...(before ? { before } : {}) }),
      initialPageParam: undefined,
      getNextPageParam: (page) => nextFillsCursor(page, TABLE_PAGE),
    }),
  );
  // The table renders in a deferred pass, which React interrupts to let the browser paint and
  // handle input: a page of fills is not one long task on arrival.
  const pages = useDeferredValue(fills.data?.pages, undefined);
  const rows = pages?.flat();
  const csv = async () =>
    fillsCsv(
      await readAllFills((before) => rpc.listFills({ ...input, limit: CSV_PAGE, ...(before ? { before } : {}) }), CSV_PAGE),
    );
  let body;
  if (fills.isError) body = <ErrorState what={`${who} fills`} error={fills.error} onRetry={() => void fills.refetch()} />;
  else if (!rows) body = <Skeleton className="h-32 w-full" />;
  else if (rows.length === 0) body = <EmptyState title="No fills in this range">Only funding was paid or received.</EmptyState>;
  else
    body = (
      <>
        <p className="mb-2 text-xs text-muted-foreground" data-testid="perf-fills-count">
          {rows.length < total
            ? `Showing the newest ${rows.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} fills; the CSV has all of them.`
            : `${rows.length.toLocaleString('en-US')} fills.`}
        </p>
        <FillsTable rows={rows} />
        {fills.hasNextPage ? (
          <div className="flex justify-center py-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => void fills.fetchNextPage()}
              disabled={fills.isFetchingNextPage}
              data-testid="perf-fills-older"
            >
              {fills.isFetchingNextPage ? 'Loading…' : `Load ${TABLE_PAGE.toLocaleString('en-US')} older fills`}
            </Button>
          </div>
        ) : null}
      </>
    );
  return (
    <PageSection title="Fills" actions={<CsvButton name={`fills-${stamp}.csv`} csv={csv} testId="perf-csv-fills" />}>
      {body}
    </PageSection>
  );
}
