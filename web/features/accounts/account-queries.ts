import { orpc } from '~/lib/rpc';

/*
 * Query options the route loaders start early. Kept in this tiny module on purpose: loaders are
 * not code-split, so whatever they import lands in the first load of every page (/login too).
 */

/**
 * The accounts the caller may open: their own for a trader; every account for admins and the risk
 * team (the server decides: 'all' falls back to the caller's own for everyone else).
 */
export const myAccountsQuery = orpc.getUserAccounts.queryOptions({ input: { scope: 'all' } });
export const dashboardPrefsQuery = orpc.getDashboardPrefs.queryOptions();
export const exchangeAccountsQuery = orpc.listExchangeAccounts.queryOptions();
