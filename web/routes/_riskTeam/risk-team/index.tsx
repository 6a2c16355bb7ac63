import { createFileRoute } from '@tanstack/react-router';
import { RiskOverviewPage } from '~/features/risk-team/risk-team-pages';

export const Route = createFileRoute('/_riskTeam/risk-team/')({
  component: RiskOverviewPage,
});
