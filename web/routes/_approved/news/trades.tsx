import { createFileRoute } from '@tanstack/react-router';
import { NewsTradesPage, newsTradesQuery } from '~/features/news/trades/news-trades-page';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_approved/news/trades')({
  loader: ({ context }) => ensureQueries(context.queryClient, newsTradesQuery(null)),
  component: NewsTradesPage,
});
