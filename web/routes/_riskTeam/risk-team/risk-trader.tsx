import { createFileRoute } from '@tanstack/react-router';
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
  return <RiskTraderPage traderId={trader} />;
}
