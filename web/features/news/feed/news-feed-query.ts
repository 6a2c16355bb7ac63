import type { QueryClient } from '@tanstack/react-query';
import { canPageOlder, historicalInput, type FeedView } from '~/shared/news/news-feed';
import type { NewsSearch } from '~/shared/news/news-search';
import { orpc } from '~/lib/rpc';

/**
 * The feed's infinite query: the key holds the normalised search (and the test/garbage view); in
 * the default order each further page passes the server's `nextCursor` of the page before, a
 * (ts, id) position, so items sharing a millisecond at a page edge are neither lost nor repeated.
 */
export function newsFeedQueryOptions(search: NewsSearch, view?: FeedView) {
  const input = historicalInput(search, view);
  const pageable = canPageOlder(search);
  return orpc.getHistoricalNews.infiniteOptions({
    input: (cursor: string | undefined) => (cursor === undefined ? input : { ...input, cursor }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => (pageable ? (lastPage.nextCursor ?? undefined) : undefined),
  });
}

/** Every feed query (to refresh them all after posting a headline). */
export const newsFeedKey = () => orpc.getHistoricalNews.key();

/** The first page (route loader); throws when it cannot load (the feed's error page). */
export function ensureNewsFeed(queryClient: QueryClient, search: NewsSearch, view?: FeedView) {
  return queryClient.ensureInfiniteQueryData(newsFeedQueryOptions(search, view));
}
