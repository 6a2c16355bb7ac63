import type { Db } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import { queuePushes } from './queue-pushes';

/** A filled order to its trader's devices (kind 'fills'; once per order). Answers the rows queued. */
export async function queueFillPush(db: Db, order: OrderRow, now = Date.now()): Promise<number> {
  if (order.status !== 'filled') return 0;
  const quantity = order.filledQuantity ?? order.quantity;
  const price = order.fillPrice === null ? '' : ` at ${order.fillPrice.toLocaleString('en-US', { maximumFractionDigits: 8 })}`;
  return queuePushes(
    db,
    [
      {
        userId: order.userId,
        kind: 'fills',
        key: `fill:${order.id}`,
        title: `Filled · ${order.symbol}`,
        body: `${order.side === 'BUY' ? 'Bought' : 'Sold'} ${quantity} ${order.symbol}${price} (${order.accountEmail})`,
        url: '/terminal',
        tag: `fill:${order.id}`,
      },
    ],
    now,
  );
}
