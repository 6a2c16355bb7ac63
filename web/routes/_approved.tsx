import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireAccess } from '~/lib/guards';

/** Pathless layout: approved users only (dashboard, news, news settings). */
export const Route = createFileRoute('/_approved')({
  beforeLoad: (args) => requireAccess('approved', args),
  component: Outlet,
});
