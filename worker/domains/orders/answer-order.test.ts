import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, type OrderRow } from '../../db/schema/orders';
import type { OrderVenue, VenueOrder } from '../../exchanges/order-venue';
import { riskGates } from '../../durable-objects/risk-gate';
import { db, testEnv } from '../../test/harness';
import { deskTrader, tickPriceAt } from '../../test/sim-desk';
import { recordAnswer } from './order-send';

/**
 * Two readers ask the exchange about one order at once (a trader's read and the minute sync): their
 * answers may be written in the other order. The older one never moves the order back.
 */
const TAG = `answer${Date.now() % 100_000}`;

async function restingLimit() {
  const t = await deskTrader(TAG, 'SOLUSDT');
  const placed = await t.client.placeOrder({
    accountEmail: t.account.email,
    symbol: 'SOLUSDT',
    side: 'BUY',
    type: 'LIMIT',
    price: tickPriceAt('SOLUSDT', 0.97),
    notional: 300,
    reduceOnly: false,
    clientOrderId: crypto.randomUUID(),
  });
  expect(placed.status).toBe('open');
  const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
  return row!;
}

const answer = (row: OrderRow, status: VenueOrder['status'], executedQty: number): VenueOrder => ({
  exchangeOrderId: row.exchangeOrderId ?? 'x',
  status,
  executedQty,
  avgPrice: executedQty > 0 ? row.price : null,
});

function deps() {
  const published: OrderRow[] = [];
  return {
    published,
    deps: { db, venue: {} as OrderVenue, gates: riskGates(testEnv.RISK_GATE), publish: (r: OrderRow) => void published.push(r) },
  };
}

describe("an exchange's answers written out of order", () => {
  it('a partial fill read before the full one, written after it: the order stays filled, nothing is published', async () => {
    const row = await restingLimit();
    const { deps: d, published } = deps();
    // Both readers read the row while it was open with nothing filled.
    const filled = await recordAnswer(d, row, answer(row, 'FILLED', row.quantity));
    expect(filled).toMatchObject({ status: 'filled', filledQuantity: row.quantity });
    const stale = await recordAnswer(d, row, answer(row, 'PARTIALLY_FILLED', row.quantity / 2));
    expect(stale).toMatchObject({ status: 'filled', filledQuantity: row.quantity });
    const [stored] = await db.select().from(orders).where(eq(orders.id, row.id));
    expect(stored).toMatchObject({ status: 'filled', filledQuantity: row.quantity });
    expect(published.map((r) => r.status)).toEqual(['filled']);
  });

  it('an older "canceled" after a fill, or "open" after a cancel: the final status stays', async () => {
    const row = await restingLimit();
    const { deps: d } = deps();
    await recordAnswer(d, row, answer(row, 'CANCELED', 0));
    // (an answer equal to the reader's row writes nothing at all; one with a fill must not land)
    await recordAnswer(d, row, answer(row, 'NEW', 0));
    await recordAnswer(d, row, answer(row, 'PARTIALLY_FILLED', row.quantity / 2));
    const [stored] = await db.select().from(orders).where(eq(orders.id, row.id));
    expect(stored).toMatchObject({ status: 'canceled', filledQuantity: 0 });
    const other = await restingLimit();
    await recordAnswer(d, other, answer(other, 'FILLED', other.quantity));
    expect(await recordAnswer(d, other, answer(other, 'CANCELED', 0))).toMatchObject({ status: 'filled' });
  });

  it('answers in order still move the order on: open, a part, then all of it', async () => {
    const row = await restingLimit();
    const { deps: d, published } = deps();
    const part = await recordAnswer(d, row, answer(row, 'PARTIALLY_FILLED', row.quantity / 2));
    expect(part).toMatchObject({ status: 'open', filledQuantity: row.quantity / 2 });
    const all = await recordAnswer(d, part, answer(row, 'FILLED', row.quantity));
    expect(all).toMatchObject({ status: 'filled', filledQuantity: row.quantity });
    expect(published.map((r) => [r.status, r.filledQuantity])).toEqual([
      ['open', row.quantity / 2],
      ['filled', row.quantity],
    ]);
  });
});
