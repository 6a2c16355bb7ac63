import { createFileRoute } from '@tanstack/react-router';
import { newsSettingsQuery, sourcesQuery } from '~/shared/news/news-settings-queries';
import { twitterHandlesQuery, pollingSessionsQuery, thresholdsQuery } from '~/features/news/settings/settings-queries';
import { GeneralSettingsPage } from '~/features/news/settings/general-page';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_approved/news/settings/general')({
  loader: ({ context }) =>
    ensureQueries(
      context.queryClient,
      newsSettingsQuery,
      sourcesQuery,
      twitterHandlesQuery,
      pollingSessionsQuery,
      thresholdsQuery,
    ),
  component: GeneralSettingsPage,
});
