import { useQuery } from '@tanstack/react-query';
import type { OrderDto } from '@contract/orders';
import type { Position } from '~/features/accounts/metrics';
import { PositionsTable } from '~/features/accounts/positions-table';
import { formatPrice, formatQuantity } from '~/lib/format';
import { myOrdersQuery } from './order-queries';

const STATUS_CLASS: Record<OrderDto['status'], string> = {
  filled: 'text-emerald-500',
  pending: 'text-amber-500',
  unknown: 'text-amber-500',
  refused: 'text-destructive',
  rejected: 'text-destructive',
  canceled: 'text-muted-foreground',
};

const time = (ts: number) => new Date(ts).toLocaleTimeString('en-GB', { hour12: false });

/** Server side: received → exchange answer. Key → answer uses the browser's clock for the keypress. */
function latency(o: OrderDto) {
  if (o.ackAt === null) return '—';
  const server = `${o.ackAt - o.receivedAt} ms`;
  return o.keypressAt ? `${server} (key ${Math.max(0, o.ackAt - o.keypressAt)} ms)` : server;
}

/** The session's orders (newest first, polled) and the account's open positions. */
export function OrdersList({ accountEmail, positions }: { accountEmail: string | null; positions: Position[] }) {
  const orders = useQuery(myOrdersQuery);
  const rows = (orders.data ?? []).filter((o) => accountEmail === null || o.accountEmail === accountEmail);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-xs font-semibold text-muted-foreground">Orders</h3>
      {orders.isError ? (
        <p className="text-xs text-destructive">Could not load the orders.</p>
      ) : rows.length === 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="orders-empty">
          {orders.isPending ? 'Loading orders…' : 'No orders yet on this account.'}
        </p>
      ) : (
        <table className="w-full text-xs tabular-nums" data-testid="orders-table" aria-label="Orders">
          <thead className="text-muted-foreground">
            <tr>
              <th className="text-left font-normal">Time</th>
              <th className="text-left font-normal">Symbol</th>
              <th className="text-left font-normal">Side</th>
              <th className="text-right font-normal">Qty</th>
              <th className="text-left font-normal">Status</th>
              <th className="text-right font-normal">Fill</th>
              <th className="text-right font-normal">Latency</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.id} data-testid="order-row" data-status={o.status} title={o.error ?? undefined}>
                <td>{time(o.receivedAt)}</td>
                <td>{o.symbol}</td>
                <td className={o.side === 'BUY' ? 'text-emerald-500' : 'text-destructive'}>
                  {o.side === 'BUY' ? 'Buy' : 'Sell'}
                  {o.reduceOnly ? ' (close)' : ''}
                </td>
                <td className="text-right">{formatQuantity(o.filledQuantity ?? o.quantity)}</td>
                <td className={STATUS_CLASS[o.status]} data-testid="order-status">
                  {o.status}
                </td>
                <td className="text-right">{o.fillPrice === null ? '—' : formatPrice(o.fillPrice)}</td>
                <td className="text-right">{latency(o)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3 className="text-xs font-semibold text-muted-foreground">Positions</h3>
      <PositionsTable positions={positions} className="max-h-48" />
    </div>
  );
}
