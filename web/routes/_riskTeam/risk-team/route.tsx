import { createFileRoute, Outlet } from '@tanstack/react-router';
import { riskTeamLinks } from '~/components/layout/nav-items';
import { SectionTabs } from '~/components/layout/section-tabs';

export const Route = createFileRoute('/_riskTeam/risk-team')({
  component: RiskTeamLayout,
});

/** Risk-team pages share a full-height layout (see the _riskTeam staticData). */
function RiskTeamLayout() {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <SectionTabs label="Risk Team" links={[...riskTeamLinks, { label: 'Alerts', to: '/risk-team/alerts' }]} />
      <Outlet />
    </div>
  );
}
