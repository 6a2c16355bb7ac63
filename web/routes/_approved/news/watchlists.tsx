import { createFileRoute } from '@tanstack/react-router';
import { WatchlistsPage } from '~/features/watchlists/watchlists-page';
import { ensureQueries } from '~/lib/ensure-queries';
import { watchlistsQuery } from '~/shared/watchlists/watch-sync';

export const Route = createFileRoute('/_approved/news/watchlists')({
  loader: ({ context }) => ensureQueries(context.queryClient, watchlistsQuery),
  component: WatchlistsPage,
});
