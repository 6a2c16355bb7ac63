import { createFileRoute } from '@tanstack/react-router';
import { customRulesQuery } from '~/features/news/settings/settings-queries';
import { CustomRulesPage } from '~/features/news/settings/custom-rules-page';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_approved/news/settings/custom-rules')({
  loader: ({ context }) => ensureQueries(context.queryClient, customRulesQuery),
  component: CustomRulesPage,
});
