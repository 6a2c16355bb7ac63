import { createFileRoute } from '@tanstack/react-router';
import { RiskAnalysisPage } from '~/features/risk-team/risk-team-pages';

export const Route = createFileRoute('/_riskTeam/risk-team/analysis')({
  component: RiskAnalysisPage,
});
