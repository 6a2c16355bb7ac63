import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Watchlist } from '@contract/watchlists';
import { MAX_WATCHLISTS_PER_USER } from '@contract/patterns';
import { PageHeader } from '~/components/layout/page';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { cn } from '~/lib/cn';
import { errorMessage } from '~/lib/http-error';
import { orpc, rpc } from '~/lib/rpc';
import { WATCH_DOT } from '~/shared/watchlists/watch-colors';
import { watchlistsQuery } from '~/shared/watchlists/watch-sync';
import { WatchHitsTable } from './watch-hits-table';
import { WatchlistDialog } from './watchlist-dialog';
import { describeEntry, NOTIFY_LABEL, SOUND_LABEL } from './watchlist-format';

/** /news/watchlists: the user's own watchlists, and the headlines that hit them lately. */
export function WatchlistsPage() {
  const queryClient = useQueryClient();
  const lists = useQuery(watchlistsQuery);
  const [editing, setEditing] = useState<{ list: Watchlist | null } | null>(null);
  const [deleting, setDeleting] = useState<Watchlist | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => rpc.deleteWatchlist({ id }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orpc.listWatchlists.key() });
      toast.success('Watchlist deleted');
    },
    onError: (error) => toast.error(errorMessage(error, 'Could not delete the watchlist')),
  });
  const full = (lists.data?.length ?? 0) >= MAX_WATCHLISTS_PER_USER;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Watchlists"
        description={
          <>
            Your own symbols, words and patterns. Every headline is checked against them once as it arrives; hits are marked in
            the{' '}
            <Link to="/news/feed" className="underline underline-offset-2">
              feed
            </Link>{' '}
            and the terminal.
          </>
        }
        actions={
          <Button
            onClick={() => setEditing({ list: null })}
            disabled={full}
            title={full ? `At most ${MAX_WATCHLISTS_PER_USER} watchlists` : undefined}
            data-testid="new-watchlist"
          >
            New watchlist
          </Button>
        }
      />

      <section aria-label="Your watchlists" className="grid gap-3 md:grid-cols-2">
        {lists.isPending ? (
          <>
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </>
        ) : lists.isError ? (
          <ErrorState what="your watchlists" error={lists.error} onRetry={() => void lists.refetch()} />
        ) : lists.data.length === 0 ? (
          <EmptyState title="No watchlists yet" className="md:col-span-2" testId="watchlists-empty">
            Add one for the symbols and words you trade on: “SOL”, “exploit”, “will list”.
          </EmptyState>
        ) : (
          lists.data.map((list) => (
            <article key={list.id} className="rounded-lg border border-border bg-card p-4" data-testid="watchlist-card">
              <header className="flex items-center gap-2">
                <span aria-hidden="true" className={cn('size-2.5 rounded-full', WATCH_DOT[list.color])} />
                <h2 className="font-medium">{list.name}</h2>
                <span className="ml-auto flex gap-1">
                  <Button size="sm" variant="ghost" onClick={() => setEditing({ list })} aria-label={`Edit ${list.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(list)} aria-label={`Delete ${list.name}`}>
                    Delete
                  </Button>
                </span>
              </header>
              <p className="mt-2 flex flex-wrap gap-1.5 text-sm">
                {list.entries.map((entry) => (
                  <span key={`${entry.kind}:${entry.value}`} className="rounded bg-muted px-1.5 font-mono text-xs leading-5">
                    {describeEntry(entry)}
                  </span>
                ))}
              </p>
              <p className="mt-2 text-xs text-muted-foreground">
                {SOUND_LABEL[list.sound]} · {NOTIFY_LABEL[list.notify]}
              </p>
            </article>
          ))
        )}
      </section>

      <WatchHitsTable lists={lists.data ?? []} />

      <WatchlistDialog list={editing?.list ?? null} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        confirmation={
          deleting
            ? {
                title: `Delete “${deleting.name}”?`,
                description: 'Its marks leave your feed and terminal at once. Headlines stay.',
                action: 'Delete',
                onConfirm: () => remove.mutate(deleting.id),
              }
            : null
        }
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
