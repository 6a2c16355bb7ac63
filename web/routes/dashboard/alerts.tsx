import { createFileRoute } from '@tanstack/react-router';
import { myAccountsQuery } from '~/shared/accounts/my-accounts';
import { alertEventsQuery, alertRulesQuery, unackedAlertsQuery } from '~/features/alerts/alert-queries';
import { AlertsPage } from '~/features/alerts/alerts-page';
import { ensureQueries } from '~/lib/ensure-queries';
import { permissions, userQuery } from '~/lib/user-query';

/* No guard here (docs/PRODUCT-RULES.md §3). The loader only loads the lists for users who may read them. */
export const Route = createFileRoute('/dashboard/alerts')({
  loader: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQuery).catch(() => null);
    if (!permissions(user).approved) return;
    await ensureQueries(context.queryClient, myAccountsQuery, alertRulesQuery, alertEventsQuery, unackedAlertsQuery);
  },
  component: AlertsPage,
});
