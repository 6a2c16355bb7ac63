import { createFileRoute } from '@tanstack/react-router';
import { RiskOverviewPage } from '~/features/risk-team/overview-page';
import { ensureOverview } from '~/features/risk-team/risk-queries';

export const Route = createFileRoute('/_riskTeam/risk-team/')({
  loader: ({ context }) => ensureOverview(context.queryClient),
  component: RiskOverviewPage,
});
