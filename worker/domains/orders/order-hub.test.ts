import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '../../contract/orders';
import type { OrderRow } from '../../db/schema/orders';
import { waitUntil } from 'cloudflare:workers';
import { orderHubPublisher } from './order-hub';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A publisher whose hub records what it is sent. */
function recording(holdMs: number) {
  const sent: OrderEvent[] = [];
  const hub = { publish: async (event: OrderEvent) => void sent.push(event) };
  const publish = orderHubPublisher(() => hub as never, { holdMs, waitUntil });
  return {
    sent,
    publish,
    statuses: () => sent.map((e) => [e.order.clientOrderId, e.order.status, e.order.statusHistory.length]),
  };
}

function step(row: OrderRow | undefined, status: OrderRow['status'], id = 'o1'): OrderRow {
  const base = row ?? ({ id, clientOrderId: id, userId: 'trader-1', statusHistory: [] } as unknown as OrderRow);
  return { ...base, status, statusHistory: [...base.statusHistory, { status, at: Date.now() }] };
}

describe('order steps to the OrdersHub', () => {
  it.each([
    {
      title: 'an order settled within the hold reaches the hub once, with its pending step in the history',
      holdMs: 50,
      waitMs: 80,
      seen: [['o1', 'filled', 2]],
    },
    {
      title: 'with no hold every step goes as it happens',
      holdMs: 0,
      waitMs: 5,
      seen: [
        ['o1', 'pending', 1],
        ['o1', 'filled', 2],
      ],
    },
  ])('$title', async ({ holdMs, waitMs, seen }) => {
    const r = recording(holdMs);
    const pending = step(undefined, 'pending');
    r.publish(pending);
    r.publish(step(pending, 'filled'));
    await sleep(waitMs);
    expect(r.statuses()).toEqual(seen);
  });

  it('an order still at the exchange after the hold shows as pending, then its outcome', async () => {
    const r = recording(20);
    const pending = step(undefined, 'pending');
    r.publish(pending);
    await sleep(50);
    expect(r.statuses()).toEqual([['o1', 'pending', 1]]);
    r.publish(step(pending, 'unknown'));
    await sleep(10);
    expect(r.statuses()).toEqual([
      ['o1', 'pending', 1],
      ['o1', 'unknown', 2],
    ]);
  });

  it('a refusal goes at once; another order releases a held step first, in order', async () => {
    const r = recording(1_000);
    r.publish(step(undefined, 'refused', 'r1'));
    await sleep(5);
    expect(r.statuses()).toEqual([['r1', 'refused', 1]]);
    r.publish(step(undefined, 'pending', 'o2'));
    r.publish(step(undefined, 'pending', 'o3'));
    r.publish(step(step(undefined, 'pending', 'o3'), 'filled', 'o3'));
    await sleep(5);
    expect(r.statuses()).toEqual([
      ['r1', 'refused', 1],
      ['o2', 'pending', 1],
      ['o3', 'filled', 2],
    ]);
  });
});
