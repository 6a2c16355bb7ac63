import type { QueryClient } from '@tanstack/react-query';
import { ensureQueries } from '~/lib/ensure-queries';
import { orpc } from '~/lib/rpc';
import { ensureSelectedAccount } from '~/shared/accounts/my-accounts';
import { resolveRange, type DateRange } from '~/shared/date-range/date-range';
import { accountStatsOptions } from './account-stats';

export const dashboardPrefsQuery = orpc.getDashboardPrefs.queryOptions();

export function accountHistoryQuery(email: string, { from, to }: { from: number; to: number }) {
  return orpc.getAccountHistory.queryOptions({ input: { email, from, to } });
}

/** /dashboard: the accounts, the pane choices and the selected account's figures. */
export async function ensureOverview(queryClient: QueryClient) {
  const [account] = await Promise.all([ensureSelectedAccount(queryClient), ensureQueries(queryClient, dashboardPrefsQuery)]);
  if (account) await ensureQueries(queryClient, accountStatsOptions(account.email));
}

/** /dashboard/charts: the accounts and the selected account's history over the range. */
export async function ensureHistory(queryClient: QueryClient, range: DateRange) {
  const account = await ensureSelectedAccount(queryClient);
  if (account) await ensureQueries(queryClient, accountHistoryQuery(account.email, resolveRange(range)));
}
