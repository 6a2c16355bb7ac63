import { createFileRoute } from '@tanstack/react-router';
import { PageHeader, Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_riskTeam/risk-team/charts')({
  component: RiskTeamRiskChartsPage,
});

function RiskTeamRiskChartsPage() {
  return (
    <>
      <PageHeader title="Risk Charts" description="Firm-wide equity and exposure over the date range." />
      <Placeholder
        className="min-h-64 flex-1"
        items={[
          'Firm equity and exposure curves',
          'Traders compared on one chart',
          'Shared date range (last 30 days by default)',
        ]}
      />
    </>
  );
}
