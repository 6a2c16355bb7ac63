import { createFileRoute } from '@tanstack/react-router';
import { MappingsPage } from '~/features/news/settings/mappings-page';
import { ensureQueries } from '~/lib/ensure-queries';
import { mappingsQuery } from '~/lib/news-settings-api';

export const Route = createFileRoute('/_approved/news/settings/mappings')({
  loader: ({ context }) => ensureQueries(context.queryClient, mappingsQuery),
  component: MappingsPage,
});
