import { createFileRoute } from '@tanstack/react-router';
import { ensureOverview } from '~/features/accounts/account-queries';
import { OverviewPage } from '~/features/accounts/overview/overview-page';

interface DashboardSearch {
  /** Test hook, see the loader. */
  __error?: unknown;
}

export const Route = createFileRoute('/_approved/dashboard/')({
  validateSearch: (search: Record<string, unknown>): DashboardSearch =>
    search.__error !== undefined && search.__error !== '' ? { __error: search.__error } : {},
  loaderDeps: ({ search }) => ({ forceError: search.__error !== undefined }),
  /*
   * Test hook for the generic error screen: /dashboard?__error=1 makes this loader throw
   * Error('Forced route error'), so e2e tests can check 'Something went wrong!', Show/Hide Error,
   * Try Again and Go Back. It only affects the client page of the user who types the URL.
   */
  loader: ({ context, deps }) => {
    if (deps.forceError) throw new Error('Forced route error');
    return ensureOverview(context.queryClient);
  },
  component: OverviewPage,
});
