import { createFileRoute } from '@tanstack/react-router';
import { newsSettingsQuery, sourcesQuery } from '~/shared/news/news-settings-queries';
import { DashboardNewsSettingsPage } from '~/features/news/settings/dashboard-news-settings-page';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_approved/dashboard/news_settings')({
  loader: ({ context }) => ensureQueries(context.queryClient, newsSettingsQuery, sourcesQuery),
  component: DashboardNewsSettingsPage,
});
