import { useQuery } from '@tanstack/react-query';
import { orpc } from '~/lib/rpc';
import { OrdersTable } from './orders-table';

export const ORDERS_POLL_MS = 5_000;

/** /dashboard: your orders on the selected account (newest 20), refreshed every few seconds. */
export function AccountOrders({ accountEmail }: { accountEmail: string }) {
  const orders = useQuery({
    ...orpc.listOrders.queryOptions({ input: { accountEmail, limit: 20 } }),
    refetchInterval: ORDERS_POLL_MS,
  });
  return (
    <section aria-labelledby="orders-heading" className="flex flex-col gap-2" data-testid="account-orders">
      <h2 id="orders-heading" className="text-sm font-semibold">
        Orders
      </h2>
      {orders.isError ? (
        <p className="text-sm text-destructive">Could not load the orders.</p>
      ) : orders.isPending ? (
        <p className="text-sm text-muted-foreground">Loading orders…</p>
      ) : orders.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No orders on this account yet: orders placed from the terminal appear here.
        </p>
      ) : (
        <OrdersTable orders={orders.data} />
      )}
    </section>
  );
}
