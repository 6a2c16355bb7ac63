import type { OrderEvent } from '../../contract/orders';
import type { OrderRow } from '../../db/schema/orders';
import { logError } from '../../lib/log';
import { toDto, type PublishOrder } from './order-store';

/**
 * How long a freshly recorded order's first step (pending) waits for the next one. An order the
 * exchange answers within it reaches the hub once, already settled, with the pending step in its
 * history; one still at the exchange after it shows as pending then. Halves the hub calls of a
 * normal order, the larger part of the order path's own CPU after D1.
 */
export const FIRST_STEP_HOLD_MS = 150;

/** A trader's OrdersHub, as far as publishing goes. */
export interface OrdersHubStub {
  publish(event: OrderEvent): Promise<unknown>;
}
type Hub = OrdersHubStub;

/**
 * The publish of one request: each step goes to the trader's OrdersHub after the previous one (so
 * the hub numbers them in order), off the order's path (waitUntil), and a hub that cannot be
 * reached never fails the order: the views' safety refetch catches up. A later step of an order
 * carries its whole status history, so a held first step it replaces loses the views nothing.
 */
export function orderHubPublisher(
  hubFor: (traderId: string) => Hub,
  { holdMs = FIRST_STEP_HOLD_MS, waitUntil }: { holdMs?: number; waitUntil: (work: Promise<unknown>) => void },
): PublishOrder {
  let chain: Promise<unknown> = Promise.resolve();
  // One stub per request (a request's steps are one trader's), made again only for another trader.
  let hub: { traderId: string; stub: Hub } | undefined;
  let held: { orderId: string; release: (send: boolean) => void } | undefined;

  const send = (row: OrderRow) => {
    const event: OrderEvent = { type: 'order', ts: Date.now(), order: toDto(row) };
    if (hub?.traderId !== row.userId) hub = { traderId: row.userId, stub: hubFor(row.userId) };
    const to = hub.stub;
    chain = chain.then(() => to.publish(event)).catch((err: unknown) => logError('order event not published', err));
    waitUntil(chain);
  };

  return (row) => {
    // The held step goes first, unless this step of the same order replaces it.
    held?.release(held.orderId !== row.id);
    held = undefined;
    if (holdMs > 0 && row.status === 'pending' && row.statusHistory.length === 1) {
      let timer: ReturnType<typeof setTimeout>;
      const waited = new Promise<void>((resolve) => {
        const release = (publish: boolean) => {
          clearTimeout(timer);
          if (held === current) held = undefined;
          if (publish) send(row);
          resolve();
        };
        const current = { orderId: row.id, release };
        held = current;
        timer = setTimeout(() => release(true), holdMs);
      });
      waitUntil(waited);
    } else send(row);
  };
}
