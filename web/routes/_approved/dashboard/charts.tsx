import { createFileRoute } from '@tanstack/react-router';
import { accountsLinks } from '~/components/layout/nav-items';
import { PageHeader, Placeholder } from '~/components/layout/page';
import { SectionTabs } from '~/components/layout/section-tabs';

export const Route = createFileRoute('/_approved/dashboard/charts')({
  staticData: { fullHeight: true },
  component: ChartsPage,
});

function ChartsPage() {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <SectionTabs label="Accounts" links={accountsLinks} />
      <PageHeader title="Charts" description="Account history over the shared date range." />
      <Placeholder
        className="min-h-64 flex-1"
        items={[
          'Equity, balance and uPnL curves per account',
          'Leverage and notional over time',
          'Shared date range (last 30 days by default)',
          'Hover for exact values',
        ]}
      />
    </div>
  );
}
