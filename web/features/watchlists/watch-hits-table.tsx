import { useInfiniteQuery } from '@tanstack/react-query';
import type { RpcOutputs } from '@contract/types';
import type { Watchlist } from '@contract/watchlists';
import { Button } from '~/components/ui/button';
import { DataTable, sortableColumnHelper } from '~/components/ui/data-table';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { formatDateTime } from '~/lib/format';
import { orpc } from '~/lib/rpc';
import { ImportanceBadge } from '~/shared/news/importance';
import { IMPORTANCE_RANK } from '@contract/enums';
import { isSimulatedSource } from '@contract/patterns';
import { WatchMark } from '~/shared/watchlists/watch-mark';

const PAGE = 50;

type Hit = RpcOutputs['listWatchHits'][number];

const helper = sortableColumnHelper<Hit>();
const columns = helper.columns([
  helper.accessor((h) => h.item.ts, {
    id: 'ts',
    header: 'Published',
    cell: (c) => (
      <time dateTime={new Date(c.getValue()).toISOString()} className="tabular text-xs">
        {formatDateTime(c.getValue(), { seconds: true })}
      </time>
    ),
  }),
  helper.accessor((h) => IMPORTANCE_RANK[h.item.importance], {
    id: 'importance',
    header: 'Importance',
    cell: (c) => <ImportanceBadge importance={c.row.original.item.importance} />,
  }),
  helper.accessor((h) => h.item.title, {
    id: 'title',
    header: 'Headline',
    cell: (c) => (
      <span className="flex flex-wrap items-center gap-1.5">
        <span className="[overflow-wrap:anywhere]">{c.getValue()}</span>
        {isSimulatedSource(c.row.original.item.sourceId) ? (
          <span className="rounded border border-dashed border-border px-1 text-xs text-muted-foreground">Simulated</span>
        ) : null}
      </span>
    ),
  }),
  helper.accessor((h) => h.item.symbols.join(' '), {
    id: 'symbols',
    header: 'Symbols',
    cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span>,
  }),
  helper.display({
    id: 'lists',
    header: 'Lists',
    cell: (c) => (
      <span className="flex flex-wrap gap-1">
        <WatchMark itemId={c.row.original.item.id} />
      </span>
    ),
  }),
]);

/** The headlines that hit the user's lists, newest first, a page at a time (the "my watchlists" view). */
export function WatchHitsTable({ lists }: { lists: readonly Watchlist[] }) {
  const hits = useInfiniteQuery(
    orpc.listWatchHits.infiniteOptions({
      input: (after: { ts: number; itemId: number } | undefined) => ({ limit: PAGE, ...(after ? { after } : {}) }),
      initialPageParam: undefined,
      getNextPageParam: (page) => {
        const last = page.at(-1);
        return page.length === PAGE && last ? { ts: last.item.ts, itemId: last.item.id } : undefined;
      },
    }),
  );
  const rows = hits.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="watch-hits-title" className="flex flex-col gap-3">
      <h2 id="watch-hits-title" className="text-base font-semibold">
        Headlines that hit your lists
      </h2>
      {hits.isPending ? (
        <Skeleton className="h-40" />
      ) : hits.isError ? (
        <ErrorState what="the headlines that hit your lists" error={hits.error} onRetry={() => void hits.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No hits yet" testId="watch-hits-empty">
          {lists.length ? 'New headlines are checked as they arrive; hits show here and in the feed.' : 'Add a watchlist first.'}
        </EmptyState>
      ) : (
        <>
          <DataTable
            label="Headlines that hit your watchlists"
            columns={columns}
            data={rows}
            getRowId={(h) => String(h.item.id)}
            rowTestId={() => 'watch-hit-row'}
          />
          {hits.hasNextPage ? (
            <Button
              variant="outline"
              className="self-start"
              onClick={() => void hits.fetchNextPage()}
              disabled={hits.isFetchingNextPage}
            >
              {hits.isFetchingNextPage ? 'Loading…' : 'Older hits'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
