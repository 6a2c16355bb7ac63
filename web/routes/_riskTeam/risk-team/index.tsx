import { createFileRoute } from '@tanstack/react-router';
import { PageHeader, Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_riskTeam/risk-team/')({
  component: RiskTeamRiskOverviewPage,
});

function RiskTeamRiskOverviewPage() {
  return (
    <>
      <PageHeader title="Risk Overview" description="Every trader’s latest metrics in one table." />
      <Placeholder
        className="min-h-64 flex-1"
        items={[
          'Sortable table: equity, day PnL, uPnL, leverage, notional',
          'Drawdown from the 30-day peak',
          'Breaches highlighted (with an icon, not colour alone)',
          'Last update and data age per trader',
        ]}
      />
    </>
  );
}
