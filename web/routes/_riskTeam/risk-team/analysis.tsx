import { createFileRoute } from '@tanstack/react-router';
import { DEFAULT_BETA, RiskAnalysisPage } from '~/features/risk-team/analysis-page';
import { exposureQuery } from '~/features/risk-team/risk-queries';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_riskTeam/risk-team/analysis')({
  loader: ({ context }) => ensureQueries(context.queryClient, exposureQuery(DEFAULT_BETA)),
  component: RiskAnalysisPage,
});
