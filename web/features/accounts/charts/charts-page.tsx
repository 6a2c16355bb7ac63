import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AccountGate } from '~/shared/accounts/account-selector';
import { DateRangePicker } from '~/shared/date-range/date-range-picker';
import { AccountsPageHeader } from '~/components/layout/section-layout';
import { setSharedRange, useSharedRange } from '~/shared/date-range/shared-range';
import { rangeFromSearch, rangeToSearch, type DateRange } from '~/shared/date-range/date-range';
import { ChartsSkeleton, HistorySection, rangeKey } from '~/features/accounts/charts/history-section';

/** /dashboard/charts: the selected account's history over the shared date range. */
export function ChartsPage() {
  const search = useSearch({ from: '/_approved/dashboard/charts' });
  const navigate = useNavigate({ from: '/dashboard/charts' });
  const shared = useSharedRange();
  const fromUrl = rangeFromSearch(search);
  const range = fromUrl ?? shared;
  const urlKey = fromUrl ? rangeKey(fromUrl) : null;

  // A link with ?range= sets the shared range for the other pages too.
  useEffect(() => {
    const parsed = rangeFromSearch(search);
    if (parsed) setSharedRange(parsed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `urlKey` identifies `search`
  }, [urlKey]);

  function changeRange(next: DateRange) {
    setSharedRange(next);
    void navigate({ search: (prev) => ({ ...prev, ...rangeToSearch(next) }), replace: true });
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <AccountsPageHeader
        title="Charts"
        description="Equity, uPnL, leverage and notional over the shared date range, in your local time."
        className="mb-3"
      />
      <AccountGate toolbar={() => <DateRangePicker value={range} onChange={changeRange} />} skeleton={<ChartsSkeleton />}>
        {(account) => <HistorySection account={account} range={range} />}
      </AccountGate>
      <p className="mt-2 text-right text-[0.7rem] text-muted-foreground">
        Charts by{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noreferrer" className="underline-offset-2 hover:underline">
          TradingView Lightweight Charts™
        </a>
      </p>
    </div>
  );
}
