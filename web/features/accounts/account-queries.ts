import type { QueryClient } from '@tanstack/react-query';
import { ensureQueries } from '~/lib/ensure-queries';
import { orpc } from '~/lib/rpc';
import { accountStatsOptions } from './account-stats';
import { resolveRange, type DateRange } from './date-range';
import type { Account } from './metrics';
import { readSelectedAccount } from './selected-account';

/**
 * The accounts the caller may open: their own for a trader; every account for admins and the risk
 * team (the server decides: 'all' falls back to the caller's own for everyone else).
 */
export const myAccountsQuery = orpc.getUserAccounts.queryOptions({ input: { scope: 'all' } });
export const dashboardPrefsQuery = orpc.getDashboardPrefs.queryOptions();
export const exchangeAccountsQuery = orpc.listExchangeAccounts.queryOptions();

export function accountHistoryQuery(email: string, { from, to }: { from: number; to: number }) {
  return orpc.getAccountHistory.queryOptions({ input: { email, from, to } });
}

/** The selected account: the stored choice while it is still listed, else the first. */
export function pickAccount(accounts: readonly Account[], stored: string | null): Account | null {
  return accounts.find((account) => account.email === stored) ?? accounts[0] ?? null;
}

/** Loader step of the Accounts pages: the accounts, then the one the page opens (null: none). */
export async function ensureSelectedAccount(queryClient: QueryClient): Promise<Account | null> {
  await ensureQueries(queryClient, myAccountsQuery);
  return pickAccount(queryClient.getQueryData(myAccountsQuery.queryKey) ?? [], readSelectedAccount());
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
