import { orpc } from '~/lib/rpc';

/** The caller's own accounts: orders go only to accounts assigned to you. */
export const tradableAccountsQuery = orpc.getUserAccounts.queryOptions({ input: { scope: 'mine' } });

/** The session's orders the terminal shows (live: features/orders/use-live-orders.ts). */
export const MY_ORDERS_LIMIT = 30;
