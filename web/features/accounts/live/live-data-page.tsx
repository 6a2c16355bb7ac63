import { AccountGate } from '~/shared/accounts/account-selector';
import { accountsLinks } from '~/components/layout/nav-items';
import { PageHeader } from '~/components/layout/page';
import { SectionTabs } from '~/components/layout/section-tabs';
import { LiveAccount } from '~/features/accounts/live/live-account';

/** /dashboard/live-data: the selected account streamed (the stream opens in the page, not the loader). */
export function LiveDataPage() {
  return (
    <>
      <SectionTabs label="Accounts" links={accountsLinks} />
      <PageHeader title="Live Data" description="Balances and positions of the selected account, streamed as they change." />
      <AccountGate>{(account) => <LiveAccount key={account.email} account={account} />}</AccountGate>
    </>
  );
}
