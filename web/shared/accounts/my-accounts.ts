import type { QueryClient } from '@tanstack/react-query';
import { ensureQueries } from '~/lib/ensure-queries';
import { orpc } from '~/lib/rpc';
import type { Account } from './metrics';
import { readSelectedAccount } from './selected-account';

/**
 * The accounts the caller may open: their own for a trader; every account for admins and the risk
 * team (the server decides: 'all' falls back to the caller's own for everyone else).
 */
export const myAccountsQuery = orpc.getUserAccounts.queryOptions({ input: { scope: 'all' } });

/** The selected account: the stored choice while it is still listed, else the first. */
export function pickAccount(accounts: readonly Account[], stored: string | null): Account | null {
  return accounts.find((account) => account.email === stored) ?? accounts[0] ?? null;
}

/** Loader step of the pages that open one account: the accounts, then the selected one (null: none). */
export async function ensureSelectedAccount(queryClient: QueryClient): Promise<Account | null> {
  await ensureQueries(queryClient, myAccountsQuery);
  return pickAccount(queryClient.getQueryData(myAccountsQuery.queryKey) ?? [], readSelectedAccount());
}
