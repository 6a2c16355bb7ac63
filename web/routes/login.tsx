import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '~/features/auth/login-page';
import { safeRedirect } from '~/lib/safe-redirect';
import { permissions, userQuery } from '~/lib/user-query';

interface LoginSearch {
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  // Approved users have nothing to do here; unapproved ones see the awaiting-approval panel.
  beforeLoad: async ({ context, search }) => {
    const user = await context.queryClient.ensureQueryData(userQuery).catch(() => null);
    if (permissions(user).approved) throw redirect({ href: safeRedirect(search.redirect) });
  },
  component: LoginPage,
});
