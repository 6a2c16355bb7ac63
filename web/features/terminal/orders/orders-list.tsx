import { useQuery } from '@tanstack/react-query';
import { ConnectionBadge } from '~/components/ui/connection-badge';
import type { Position } from '~/shared/accounts/metrics';
import { PositionsTable } from '~/shared/accounts/positions-table';
import { OrdersTable } from '~/shared/orders/orders-table';
import { useLiveOrders } from '~/shared/orders/use-live-orders';
import { orpc } from '~/lib/rpc';
import { OPEN_ORDERS_POLL_MS } from '~/shared/orders/open-orders';
import { MY_ORDERS_LIMIT, tradableAccountsQuery } from './order-queries';
import { ProtectPosition } from './protect-position';

/** The session's orders on the account (newest first, live) and its open positions, each with its TP/SL button. */
export function OrdersList({ accountEmail, positions }: { accountEmail: string | null; positions: Position[] }) {
  const { orders, stream } = useLiveOrders({ limit: MY_ORDERS_LIMIT });
  const rows = (orders.data ?? []).filter((o) => accountEmail === null || o.accountEmail === accountEmail);
  // The same query as the panel's Open orders: what already protects each position.
  const open = useQuery({
    ...orpc.listOpenOrders.queryOptions({ input: accountEmail ? { accountEmail } : {} }),
    refetchInterval: OPEN_ORDERS_POLL_MS,
    enabled: accountEmail !== null,
  });
  const simulated = useQuery(tradableAccountsQuery).data?.find((a) => a.email === accountEmail)?.exchange === 'simulated';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <h3 className="text-xs font-semibold text-muted-foreground">Orders</h3>
        <span data-testid="orders-stream-status">
          <ConnectionBadge state={stream} />
        </span>
      </div>
      {orders.isError ? (
        <p className="text-xs text-destructive">Could not load the orders.</p>
      ) : rows.length === 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="orders-empty">
          {orders.isPending ? 'Loading orders…' : 'No orders yet on this account.'}
        </p>
      ) : (
        <OrdersTable orders={rows} />
      )}
      <h3 className="text-xs font-semibold text-muted-foreground">Positions</h3>
      <PositionsTable
        positions={positions}
        className="max-h-48"
        action={
          accountEmail
            ? (position) => (
                <ProtectPosition accountEmail={accountEmail} position={position} open={open.data ?? []} simulated={simulated} />
              )
            : undefined
        }
      />
    </div>
  );
}
