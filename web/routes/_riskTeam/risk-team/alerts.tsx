import { createFileRoute } from '@tanstack/react-router';
import { RiskAlertsPage } from '~/features/risk-team/risk-team-pages';

export const Route = createFileRoute('/_riskTeam/risk-team/alerts')({
  component: RiskAlertsPage,
});
