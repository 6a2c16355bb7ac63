import { createFileRoute } from '@tanstack/react-router';
import { mappingsQuery } from '~/features/news/settings/settings-queries';
import { MappingsPage } from '~/features/news/settings/mappings-page';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_approved/news/settings/mappings')({
  loader: ({ context }) => ensureQueries(context.queryClient, mappingsQuery),
  component: MappingsPage,
});
