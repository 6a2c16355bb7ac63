import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { NewsFeedError } from '~/features/news/feed/feed-error';
import { NewsFeedPage } from '~/features/news/feed/feed-page';
import { NEWS_SEARCH_DEFAULTS, normalizeNewsSearch } from '~/features/news/feed/news-search';

export const Route = createFileRoute('/_approved/news/feed')({
  staticData: { fullHeight: true },
  validateSearch: normalizeNewsSearch,
  // The defaults are implied: keep them out of the address bar.
  search: { middlewares: [stripSearchParams(NEWS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Start the first page with the page's code (on hover intent too). Not awaited: the page shows
  // its own skeleton, and a failure surfaces there (the feed's error page).
  loader: ({ context, deps }) => {
    void Promise.all([import('~/features/news/feed/news-feed-query'), import('~/features/news/feed/news-view')])
      .then(([{ prefetchNewsFeed }, { getNewsView }]) => prefetchNewsFeed(context.queryClient, deps, getNewsView()))
      .catch(() => {});
  },
  component: NewsFeedPage,
  errorComponent: NewsFeedError,
});
