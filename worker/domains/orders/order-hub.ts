import { waitUntil } from 'cloudflare:workers';
import type { OrderEvent } from '../../contract/orders';
import type { Bindings } from '../../env';
import { logError } from '../../lib/log';
import { toDto, type PublishOrder } from './order-store';

/**
 * The publish of one request: each step goes to the trader's OrdersHub after the previous one (so
 * the hub numbers them in order), off the order's path (waitUntil), and a hub that cannot be
 * reached never fails the order: the views' safety refetch catches up.
 */
export function orderHubPublisher(env: Bindings): PublishOrder {
  let chain: Promise<unknown> = Promise.resolve();
  return (row) => {
    const event: OrderEvent = { type: 'order', ts: Date.now(), order: toDto(row) };
    chain = chain
      .then(() => env.ORDERS_HUB.getByName(row.userId).publish(event))
      .catch((err: unknown) => logError('order event not published', err));
    waitUntil(chain);
  };
}
