import { accountsLinks } from '~/components/layout/nav-items';
import { PageHeader } from '~/components/layout/page';
import { SectionTabs } from '~/components/layout/section-tabs';
import { AccountGate } from '~/shared/accounts/account-selector';
import { Overview, OverviewSkeleton, OverviewToolbar } from './overview';

/** /dashboard: the selected sub-account at a glance. */
export function OverviewPage() {
  return (
    <>
      <SectionTabs label="Accounts" links={accountsLinks} />
      <PageHeader
        title="Overview"
        description="Your exchange sub-account at a glance. Choose the panes you want; the figures come from a snapshot taken every minute."
      />
      <AccountGate toolbar={() => <OverviewToolbar />} skeleton={<OverviewSkeleton />}>
        {(account) => <Overview key={account.email} account={account} />}
      </AccountGate>
    </>
  );
}
