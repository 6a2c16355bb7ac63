import { createFileRoute } from '@tanstack/react-router';
import { ensureOverview } from '~/features/accounts/account-queries';
import { OverviewPage } from '~/features/accounts/overview/overview-page';

export const Route = createFileRoute('/_approved/dashboard/')({
  loader: ({ context }) => ensureOverview(context.queryClient),
  component: OverviewPage,
});
