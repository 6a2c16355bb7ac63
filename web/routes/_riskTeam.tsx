import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireAccess } from '~/lib/guards';

/** Pathless layout: approved risk-team members (not approved → /login, not risk team → /). */
export const Route = createFileRoute('/_riskTeam')({
  beforeLoad: (args) => requireAccess('riskTeam', args),
  staticData: { fullHeight: true },
  component: Outlet,
});
