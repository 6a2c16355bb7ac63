import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { newsSettingsQuery, sourcesQuery } from '~/shared/news/news-settings-queries';
import { NewsFeedError } from '~/features/news/feed/feed-error';
import { NewsFeedPage } from '~/features/news/feed/feed-page';
import { ensureNewsFeed } from '~/features/news/feed/news-feed-query';
import { NEWS_SEARCH_DEFAULTS, normalizeNewsSearch } from '~/shared/news/news-search';
import { getNewsView } from '~/shared/news/news-view';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_approved/news/feed')({
  staticData: { fullHeight: true },
  validateSearch: normalizeNewsSearch,
  // The defaults are implied: keep them out of the address bar.
  search: { middlewares: [stripSearchParams(NEWS_SEARCH_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  // Entering the feed waits for its first page (a failure is the feed's error page) and the
  // user's settings and sources. A filter change on the open feed only starts the new page: the
  // page shows the previous list narrowed at once while it loads. The live stream opens in the page.
  loader: async ({ context, deps, cause }) => {
    const feed = ensureNewsFeed(context.queryClient, deps, getNewsView());
    if (cause === 'stay') {
      feed.catch(() => {});
      return;
    }
    await Promise.all([feed, ensureQueries(context.queryClient, newsSettingsQuery, sourcesQuery)]);
  },
  component: NewsFeedPage,
  errorComponent: NewsFeedError,
});
