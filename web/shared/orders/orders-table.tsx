import type { OrderDto } from '@contract/orders';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatPrice, formatQuantity } from '~/lib/format';

const STATUS_CLASS: Record<OrderDto['status'], string> = {
  filled: 'text-emerald-500',
  pending: 'text-amber-500',
  unknown: 'text-amber-500',
  refused: 'text-destructive',
  rejected: 'text-destructive',
  canceled: 'text-muted-foreground',
  open: 'text-sky-500',
  expired: 'text-muted-foreground',
};

const time = (ts: number) => new Date(ts).toLocaleTimeString('en-GB', { hour12: false });

/** Server side: received → exchange answer. Key → answer uses the browser's clock for the keypress. */
function latency(o: OrderDto) {
  if (o.ackAt === null) return '—';
  const server = `${o.ackAt - o.receivedAt} ms`;
  return o.keypressAt ? `${server} (key ${Math.max(0, o.ackAt - o.keypressAt)} ms)` : server;
}

const CELL = 'px-1.5 py-0.5';

/** Orders newest first: status (with the refusal or exchange error on hover), fill price, latency. */
export function OrdersTable({ orders, showAccount = false }: { orders: OrderDto[]; showAccount?: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-xs tabular-nums" data-testid="orders-table" aria-label="Orders">
        <thead className="text-muted-foreground">
          <tr>
            <th className={`${CELL} text-left font-normal`}>Time</th>
            {showAccount ? <th className={`${CELL} text-left font-normal`}>Account</th> : null}
            <th className={`${CELL} text-left font-normal`}>Symbol</th>
            <th className={`${CELL} text-left font-normal`}>Side</th>
            <th className={`${CELL} text-right font-normal`}>Qty</th>
            <th className={`${CELL} text-left font-normal`}>Status</th>
            <th className={`${CELL} text-right font-normal`}>Fill</th>
            <th className={`${CELL} text-right font-normal`}>Latency</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr
              key={o.id}
              data-testid="order-row"
              data-client-order-id={o.clientOrderId}
              data-status={o.status}
              title={o.error ?? undefined}
              className="border-t border-border/50"
            >
              <td className={CELL}>{time(o.receivedAt)}</td>
              {showAccount ? <td className={CELL}>{o.accountEmail}</td> : null}
              <td className={CELL}>{o.symbol}</td>
              <td className={`${CELL} ${o.side === 'BUY' ? 'text-emerald-500' : 'text-destructive'}`}>
                {o.side === 'BUY' ? 'Buy' : 'Sell'}
                {o.reduceOnly ? ' (close)' : ''}
              </td>
              <td className={`${CELL} text-right`}>{formatQuantity(o.filledQuantity ?? o.quantity)}</td>
              <td className={`${CELL} ${STATUS_CLASS[o.status]}`} data-testid="order-status">
                {o.status}
              </td>
              <td className={`${CELL} text-right`}>{o.fillPrice === null ? '—' : formatPrice(o.fillPrice)}</td>
              <td className={`${CELL} text-right`}>{latency(o)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A live orders list as it loads: the error, the loading line, `empty` when there is none, else the table. */
export function OrdersState({
  orders,
  empty,
  showAccount = false,
}: {
  orders: UseQueryResult<OrderDto[]>;
  empty: string;
  showAccount?: boolean;
}) {
  if (orders.isError) return <p className="text-sm text-destructive">Could not load the orders.</p>;
  if (orders.isPending) return <p className="text-sm text-muted-foreground">Loading orders…</p>;
  if (orders.data.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return <OrdersTable orders={orders.data} showAccount={showAccount} />;
}
