import { orpc } from './rpc';

/*
 * Query options the route loaders start early. Kept in this tiny module on purpose: loaders are
 * not code-split, so whatever they import lands in the first load of every page (/login too).
 */

/** The caller's own accounts (the dashboards are about what you trade). */
export const myAccountsQuery = orpc.getUserAccounts.queryOptions({ input: { scope: 'mine' } });
export const dashboardPrefsQuery = orpc.getDashboardPrefs.queryOptions();
export const exchangeAccountsQuery = orpc.listExchangeAccounts.queryOptions();
