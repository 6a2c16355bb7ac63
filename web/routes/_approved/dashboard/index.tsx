import { createFileRoute } from '@tanstack/react-router';
import { AccountGate } from '~/features/accounts/account-selector';
import { accountsLinks } from '~/components/layout/nav-items';
import { PageHeader } from '~/components/layout/page';
import { SectionTabs } from '~/components/layout/section-tabs';
import { dashboardPrefsQuery, myAccountsQuery } from '~/features/accounts/account-queries';
import { Overview, OverviewSkeleton, OverviewToolbar } from '~/features/accounts/overview/overview';

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
   * Try Again and Go Back. It only affects the client page of the user who types the URL; without
   * the parameter the loader only starts the page's first queries early (errors show in the page).
   */
  loader: ({ context, deps }) => {
    if (deps.forceError) throw new Error('Forced route error');
    void context.queryClient.prefetchQuery(myAccountsQuery);
    void context.queryClient.prefetchQuery(dashboardPrefsQuery);
  },
  component: DashboardPage,
});

function DashboardPage() {
  return (
    <>
      <SectionTabs label="Accounts" links={accountsLinks} />
      <PageHeader
        title="Overview"
        description="Your exchange sub-account at a glance. Choose the panes you want; values refresh every 15 seconds."
      />
      <AccountGate toolbar={() => <OverviewToolbar />} skeleton={<OverviewSkeleton />}>
        {(account) => <Overview key={account.email} account={account} />}
      </AccountGate>
    </>
  );
}
