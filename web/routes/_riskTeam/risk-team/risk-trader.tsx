import { createFileRoute } from '@tanstack/react-router';
import { RiskTraderPage } from '~/features/risk-team/risk-team-pages';

export const Route = createFileRoute('/_riskTeam/risk-team/risk-trader')({
  component: RiskTraderPage,
});
