import { createFileRoute } from '@tanstack/react-router';
import { RiskAlertsPage } from '~/features/risk-team/alerts-page';
import { ensureAlerts } from '~/features/risk-team/risk-queries';

export const Route = createFileRoute('/_riskTeam/risk-team/alerts')({
  loader: ({ context }) => ensureAlerts(context.queryClient),
  component: RiskAlertsPage,
});
