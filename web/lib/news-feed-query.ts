import type { QueryClient } from '@tanstack/react-query';
import { canPageOlder, historicalInput, nextBefore, type FeedView } from './news-feed';
import type { NewsSearch } from './news-search';
import { orpc } from './rpc';

/**
 * The feed's infinite query: the key holds the normalised search (and the test/garbage view), each
 * further page asks for items older than the last one (`before`) in the default order.
 */
export function newsFeedQueryOptions(search: NewsSearch, view?: FeedView) {
  const input = historicalInput(search, view);
  const limit = Number(input.limit);
  const pageable = canPageOlder(search);
  return orpc.getHistoricalNews.infiniteOptions({
    input: (before: number | undefined) => (before === undefined ? input : { ...input, before }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) => (pageable ? nextBefore(lastPage.items, limit) : undefined),
  });
}

/** Every feed query (to refresh them all after posting a headline). */
export const newsFeedKey = () => orpc.getHistoricalNews.key();

/** Starts loading the first page (route loader: on hover intent, before the page chunk arrives). */
export function prefetchNewsFeed(queryClient: QueryClient, search: NewsSearch, view?: FeedView) {
  return queryClient.prefetchInfiniteQuery(newsFeedQueryOptions(search, view));
}
