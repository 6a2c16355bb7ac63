import { ConnectionBadge } from '~/components/ui/connection-badge';
import { OpenOrders } from './open-orders';
import { OrdersState } from './orders-table';
import { useLiveOrders } from './use-live-orders';

/** /dashboard: your orders on the selected account (newest 20), live. */
export function AccountOrders({ accountEmail }: { accountEmail: string }) {
  const { orders, stream } = useLiveOrders({ accountEmail, limit: 20 });
  return (
    <section aria-labelledby="orders-heading" className="flex flex-col gap-2" data-testid="account-orders">
      <div className="flex items-center gap-3">
        <h2 id="orders-heading" className="text-sm font-semibold">
          Orders
        </h2>
        <span data-testid="orders-stream-status">
          <ConnectionBadge state={stream} />
        </span>
      </div>
      <OpenOrders accountEmail={accountEmail} />
      <OrdersState orders={orders} empty="No orders on this account yet: orders placed from the terminal appear here." />
    </section>
  );
}
