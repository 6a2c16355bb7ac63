import { AccountsPageHeader } from '~/components/layout/section-layout';
import { AccountGate } from '~/shared/accounts/account-selector';
import { Overview, OverviewSkeleton, OverviewToolbar } from './overview';

/** /dashboard: the selected sub-account at a glance. */
export function OverviewPage() {
  return (
    <>
      <AccountsPageHeader
        title="Overview"
        description="Your exchange sub-account at a glance. Choose the panes you want; the figures come from a snapshot taken every minute."
      />
      <AccountGate toolbar={() => <OverviewToolbar />} skeleton={<OverviewSkeleton />}>
        {(account) => <Overview key={account.email} account={account} />}
      </AccountGate>
    </>
  );
}
