import { createFileRoute } from '@tanstack/react-router';
import { RiskChartsPage } from '~/features/risk-team/risk-team-pages';

export const Route = createFileRoute('/_riskTeam/risk-team/charts')({
  component: RiskChartsPage,
});
