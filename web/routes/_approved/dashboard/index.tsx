import { createFileRoute } from '@tanstack/react-router';
import { accountsLinks } from '~/components/layout/nav-items';
import { PageHeader, Placeholder, SlotGrid } from '~/components/layout/page';
import { SectionTabs } from '~/components/layout/section-tabs';

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
   * the parameter the loader does nothing.
   */
  loader: ({ deps }) => {
    if (deps.forceError) throw new Error('Forced route error');
  },
  component: DashboardPage,
});

const DEFAULT_PANES = [
  { title: 'Total balance', note: 'Spot + futures margin balance, USD' },
  { title: 'Futures uPnL', note: 'USDT-M unrealized PnL' },
  { title: 'Leverage', note: 'Notional / equity' },
  { title: 'Positions uPnL', note: 'Per position, absolute or % of margin' },
];

function DashboardPage() {
  return (
    <>
      <SectionTabs label="Accounts" links={accountsLinks} />
      <PageHeader
        title="Overview"
        description="Your exchange sub-accounts at a glance. Pick an account and a date range; each pane can be switched on or off."
      />
      <SlotGrid slots={DEFAULT_PANES} />
      <Placeholder
        className="mt-4"
        items={[
          'Account selector (your assigned sub-accounts, by email)',
          'Shared date range, last 30 days by default',
          'Optional panes: futures balance, total uPnL, notional, spot balance, BTC price',
          'Pane choices saved per user',
        ]}
      >
        Account data arrives with the exchange-accounts release. Panes on by default are shown above.
      </Placeholder>
    </>
  );
}
