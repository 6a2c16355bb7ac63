import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireAccess } from '~/lib/guards';

/** Pathless layout: approved users with can_use_terminal; rendered full screen without the nav bar. */
export const Route = createFileRoute('/_terminal')({
  beforeLoad: (args) => requireAccess('terminal', args),
  staticData: { fullScreen: true },
  component: Outlet,
});
