import { createFileRoute } from '@tanstack/react-router';
import { accountsLinks } from '~/components/layout/nav-items';
import { PageHeader, Placeholder } from '~/components/layout/page';
import { SectionTabs } from '~/components/layout/section-tabs';

export const Route = createFileRoute('/_approved/dashboard/live-data')({
  component: LiveDataPage,
});

function LiveDataPage() {
  return (
    <>
      <SectionTabs label="Accounts" links={accountsLinks} />
      <PageHeader title="Live Data" description="Balances and positions of the selected account, streamed as they change." />
      <Placeholder
        items={[
          'Positions table: symbol, side, size, entry, mark, uPnL, margin',
          'Values flash when they change',
          'Connection state and data age always visible',
          'Spot assets and futures wallets',
        ]}
      />
    </>
  );
}
