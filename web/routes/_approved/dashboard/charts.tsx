import { createFileRoute } from '@tanstack/react-router';
import { ensureHistory } from '~/features/accounts/account-queries';
import { loadHistoryCharts } from '~/features/accounts/charts/charts-chunk';
import { ChartsPage } from '~/features/accounts/charts/charts-page';
import { rangeFromSearch } from '~/shared/date-range/date-range';
import { parseRangeSearch } from '~/shared/date-range/range-search';
import { getSharedRange } from '~/shared/date-range/shared-range';

export const Route = createFileRoute('/_approved/dashboard/charts')({
  staticData: { fullHeight: true },
  validateSearch: parseRangeSearch,
  // Entering the page loads the chart library alongside the accounts and the history (on hover
  // intent too), so the charts are ready when the data is. The range is not a loader dependency:
  // changing it keeps the drawn charts while the next range loads (the page's own overlay).
  loader: ({ context, location }) =>
    Promise.all([
      loadHistoryCharts().catch(() => {}),
      ensureHistory(context.queryClient, rangeFromSearch(parseRangeSearch(location.search)) ?? getSharedRange()),
    ]),
  component: ChartsPage,
});
