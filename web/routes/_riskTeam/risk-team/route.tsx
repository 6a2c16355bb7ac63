import { createFileRoute } from '@tanstack/react-router';
import { RiskTeamShell } from '~/features/risk-team/risk-live';

/** Risk-team pages share a full-height layout (see the _riskTeam staticData) and one live risk stream. */
export const Route = createFileRoute('/_riskTeam/risk-team')({
  component: RiskTeamShell,
});
