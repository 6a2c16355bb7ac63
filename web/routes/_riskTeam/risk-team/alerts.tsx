import { createFileRoute } from '@tanstack/react-router';
import { PageHeader, Placeholder } from '~/components/layout/page';

export const Route = createFileRoute('/_riskTeam/risk-team/alerts')({
  component: RiskTeamRiskAlertsPage,
});

function RiskTeamRiskAlertsPage() {
  return (
    <>
      <PageHeader title="Risk Alerts" description="Risk-limit breaches across the firm." />
      <Placeholder
        className="min-h-64 flex-1"
        items={[
          'Leverage, drawdown and position-size limits per trader or firm-wide',
          'Acknowledge breaches',
          'Forwarded to the risk Telegram chats',
        ]}
      />
    </>
  );
}
