import { createFileRoute } from '@tanstack/react-router';
import { CustomRulesPage } from '~/features/news/settings/custom-rules-page';
import { ensureQueries } from '~/lib/ensure-queries';
import { customRulesQuery } from '~/lib/news-settings-api';

export const Route = createFileRoute('/_approved/news/settings/custom-rules')({
  loader: ({ context }) => ensureQueries(context.queryClient, customRulesQuery),
  component: CustomRulesPage,
});
