import { orpc } from '~/lib/rpc';

/** Every exchange sub-account with its assignees (admin). */
export const exchangeAccountsQuery = orpc.listExchangeAccounts.queryOptions();
