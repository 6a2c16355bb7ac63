import { createFileRoute } from '@tanstack/react-router';
import { PageHeader, Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_riskTeam/risk-team/risk-trader')({
  component: RiskTeamRiskTraderPage,
});

function RiskTeamRiskTraderPage() {
  return (
    <>
      <PageHeader title="Risk Trader" description="One trader in depth." />
      <Placeholder
        className="min-h-64 flex-1"
        items={['Trader picker', 'Accounts and open positions', 'Equity curve over the date range', 'Trader statistics']}
      />
    </>
  );
}
