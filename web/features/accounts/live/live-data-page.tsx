import { AccountGate } from '~/shared/accounts/account-selector';
import { AccountsPageHeader } from '~/components/layout/section-layout';
import { LiveAccount } from '~/features/accounts/live/live-account';

/** /dashboard/live-data: the selected account streamed (the stream opens in the page, not the loader). */
export function LiveDataPage() {
  return (
    <>
      <AccountsPageHeader
        title="Live Data"
        description="Balances and positions of the selected account, streamed as they change."
      />
      <AccountGate>{(account) => <LiveAccount key={account.email} account={account} />}</AccountGate>
    </>
  );
}
