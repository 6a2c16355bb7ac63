import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireAccess } from '~/lib/guards';

/** Pathless layout: admin roles (admin, superadmin); not approved → /login, otherwise → /. */
export const Route = createFileRoute('/_admin')({
  beforeLoad: (args) => requireAccess('admin', args),
  component: Outlet,
});
