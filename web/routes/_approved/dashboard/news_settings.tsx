import { createFileRoute } from '@tanstack/react-router';
import { DashboardNewsSettingsPage } from '~/features/news/settings/dashboard-news-settings-page';
import { ensureQueries } from '~/lib/ensure-queries';
import { newsSettingsQuery, sourcesQuery } from '~/lib/news-settings-api';

export const Route = createFileRoute('/_approved/dashboard/news_settings')({
  loader: ({ context }) => ensureQueries(context.queryClient, newsSettingsQuery, sourcesQuery),
  component: DashboardNewsSettingsPage,
});
