import { AccountsPageHeader } from '~/components/layout/section-layout';
import { DateRangePicker } from '~/shared/date-range/date-range-picker';
import { setSharedRange, useSharedRange } from '~/shared/date-range/shared-range';
import { PerformanceView } from './performance-view';

/**
 * /dashboard/performance: what you earned over the shared date range — realized PnL, fees,
 * funding and unrealized PnL, per symbol and per day (chart and calendar), week or month, with your fills.
 */
export function PerformancePage() {
  const range = useSharedRange();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <AccountsPageHeader
        title="Performance"
        description="Realized PnL (gross of fees), fees, funding and unrealized PnL of your accounts over the shared date range; days are UTC days."
        className="mb-3"
        actions={<DateRangePicker value={range} onChange={setSharedRange} />}
      />
      <PerformanceView range={range} />
    </div>
  );
}
