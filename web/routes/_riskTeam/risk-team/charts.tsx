import { createFileRoute } from '@tanstack/react-router';
import { RiskChartsPage } from '~/features/risk-team/charts-page';
import { ensureOverview } from '~/features/risk-team/risk-queries';

export const Route = createFileRoute('/_riskTeam/risk-team/charts')({
  loader: ({ context }) => ensureOverview(context.queryClient),
  component: RiskChartsPage,
});
