import { createFileRoute } from '@tanstack/react-router';
import { AccountMetricsPage } from '~/features/risk-team/risk-team-pages';

export const Route = createFileRoute('/_riskTeam/risk-team/metrics')({
  component: AccountMetricsPage,
});
