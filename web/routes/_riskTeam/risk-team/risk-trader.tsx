import { createFileRoute } from '@tanstack/react-router';
import { TraderPerformance } from '~/features/accounts/performance/performance-view';
import { RiskTraderPage } from '~/features/risk-team/trader-page';
import { ensureOverview } from '~/features/risk-team/risk-queries';

interface TraderSearch {
  trader?: string;
}

export const Route = createFileRoute('/_riskTeam/risk-team/risk-trader')({
  validateSearch: (search: Record<string, unknown>): TraderSearch =>
    typeof search.trader === 'string' && search.trader.length > 0 && search.trader.length <= 64 ? { trader: search.trader } : {},
  loader: ({ context }) => ensureOverview(context.queryClient),
  component: RiskTraderRoute,
});

function RiskTraderRoute() {
  const { trader } = Route.useSearch();
  // The trader's performance is the accounts feature's, composed here (no feature imports another).
  return <RiskTraderPage traderId={trader} performance={(id) => <TraderPerformance traderId={id} />} />;
}
