import { createFileRoute } from '@tanstack/react-router';
import { PageHeader, Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_riskTeam/risk-team/analysis')({
  component: RiskTeamRiskAnalysisPage,
});

function RiskTeamRiskAnalysisPage() {
  return (
    <>
      <PageHeader title="Risk Analysis" description="Where the firm is exposed, and what a shock would cost." />
      <Placeholder
        className="min-h-64 flex-1"
        items={[
          'Net exposure by symbol across the firm',
          'Concentration',
          'Stress test: BTC and alts −5/−10/−20% → PnL per trader and firm',
        ]}
      />
    </>
  );
}
