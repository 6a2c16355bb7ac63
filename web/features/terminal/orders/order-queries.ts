import { orpc } from '~/lib/rpc';

/** The caller's own accounts: orders go only to accounts assigned to you. */
export const tradableAccountsQuery = orpc.getUserAccounts.queryOptions({ input: { scope: 'mine' } });

/** The session's orders, polled while the terminal is open (live enough for a first version). */
export const ORDERS_POLL_MS = 2_000;
export const myOrdersQuery = { ...orpc.listOrders.queryOptions({ input: { limit: 30 } }), refetchInterval: ORDERS_POLL_MS };
