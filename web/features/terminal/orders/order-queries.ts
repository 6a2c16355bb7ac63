import { useQuery } from '@tanstack/react-query';
import { useOrderSettings } from './order-settings';
import { orpc } from '~/lib/rpc';

/** The caller's own accounts: orders go only to accounts assigned to you. */
export const tradableAccountsQuery = orpc.getUserAccounts.queryOptions({ input: { scope: 'mine' } });

/** The session's orders the terminal shows (live: features/orders/use-live-orders.ts). */
export const MY_ORDERS_LIMIT = 30;

/** The account the order panel trades on (the last chosen, else the first of yours): the chart shows its orders. */
export function useTradingAccountEmail(): string | null {
  const [settings] = useOrderSettings();
  const list = useQuery(tradableAccountsQuery).data ?? [];
  return list.find((a) => a.email === settings.accountEmail)?.email ?? list[0]?.email ?? null;
}
