import { createFileRoute } from '@tanstack/react-router';
import { PageHeader, Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_riskTeam/risk-team/metrics')({
  component: RiskTeamAccountMetricsPage,
});

function RiskTeamAccountMetricsPage() {
  return (
    <>
      <PageHeader title="Account Metrics" description="Per-account performance and risk statistics." />
      <Placeholder
        className="min-h-64 flex-1"
        items={[
          'Return and max drawdown',
          'Daily-return volatility and Sharpe',
          'Average and peak leverage',
          'Largest position share',
        ]}
      />
    </>
  );
}
