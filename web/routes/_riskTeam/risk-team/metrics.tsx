import { createFileRoute } from '@tanstack/react-router';
import { getSharedRange } from '~/shared/date-range/shared-range';
import { AccountMetricsPage } from '~/features/risk-team/metrics-page';
import { traderStatsQuery } from '~/features/risk-team/risk-queries';
import { ensureQueries } from '~/lib/ensure-queries';

export const Route = createFileRoute('/_riskTeam/risk-team/metrics')({
  loader: ({ context }) => ensureQueries(context.queryClient, traderStatsQuery(getSharedRange())),
  component: AccountMetricsPage,
});
