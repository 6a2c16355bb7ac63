import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, simOrders, type OrderRow } from '../../db/schema/orders';
import { OrderOutcomeUnknown, type OrderVenue } from '../../exchanges/order-venue';
import { SimulatedVenue } from '../../exchanges/simulated/venue';
import { batchMeeting } from '../../test/batch-meeting';
import { db, testEnv } from '../../test/harness';
import { clearLimitsAndHalts, order, orderContext, simTrader } from '../../test/order-traders';
import { deskTrader, tickPriceAt } from '../../test/sim-desk';
import type { Session } from '../auth/access';
import { STALE_PENDING_MS } from './order-types';
import { sweepStaleOrders } from './order-sweep';
import { placeOrderFor, type VenueFor } from './orders';
import { placeProtectedOrderFor, protectPositionFor } from './protection';

/**
 * The minute cron's sweep of orders whose outcome was never recorded: each is asked for at the
 * exchange by client id and settled once, never sent again.
 */

/**
 * The simulated venue, where an order's answer is lost: `placed` still reaches the exchange,
 * `lost` never does; the exchange cannot be asked meanwhile (the row is left unknown).
 */
function lossyVenue(mode: 'placed' | 'lost' | 'down'): VenueFor {
  return (account) => {
    const sim = new SimulatedVenue(db, account.email);
    const lose = async (place: () => Promise<unknown>) => {
      if (mode === 'placed') await place();
      throw new OrderOutcomeUnknown('Timeout waiting for response from backend server (-1007)');
    };
    const venue: OrderVenue = {
      rules: (s) => sim.rules(s),
      markPrice: (s) => sim.markPrice(s),
      placeMarketOrder: (req) => (mode === 'down' ? sim.placeMarketOrder(req) : lose(() => sim.placeMarketOrder(req))),
      placeLimitOrder: (req) => lose(() => sim.placeLimitOrder(req)),
      placeConditionalOrder: (req) => lose(() => sim.placeConditionalOrder(req)),
      queryOrder: () => Promise.reject(new Error('network down')),
      cancelOrder: () => Promise.reject(new Error('network down')),
      cancelAllOrders: () => Promise.reject(new Error('network down')),
    };
    return venue;
  };
}

const rowOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const reserved = async (traderId: string, orderId: string) =>
  (await testEnv.RISK_GATE.getByName(`trader:${traderId}`).items()).some((i) => i.orderId === orderId && i.filled === null);
const notes = (row: OrderRow) => row.statusHistory.map((s) => s.note).filter(Boolean);
const sweep = () => sweepStaleOrders(orderContext());

/** A trader whose simulated account holds nothing in `symbol` now (its book moves with time): a buy opens a long. */
async function flatTrader(symbol: string) {
  const { user, account } = await deskTrader('sweep', symbol);
  return { user, account, session: { sub: user.id, role: 'user', approved: true, can_use_terminal: true } as unknown as Session };
}

/** A market order whose answer was lost: left unknown (or `pending`, as a Worker that died would leave it). */
async function lostOrder(mode: 'placed' | 'lost', as?: { status: 'pending'; age: number }) {
  const t = await simTrader('sweep', { withSnapshot: true });
  const placed = await placeOrderFor(orderContext(lossyVenue(mode)), t.session, order(t.account.email, 'SOL', 'BUY', 300));
  expect(placed.status).toBe('unknown');
  if (as)
    await db
      .update(orders)
      .set({ status: 'pending', updatedAt: Date.now() - as.age })
      .where(eq(orders.id, placed.id));
  return { t, id: placed.id };
}

beforeEach(clearLimitsAndHalts);

describe('the stale-order sweep', () => {
  it('a pending order the exchange has: its answer recorded (filled), its reservation settled, nothing sent again', async () => {
    const { t, id } = await lostOrder('placed', { status: 'pending', age: STALE_PENDING_MS + 5_000 });
    expect(await reserved(t.user.id, id)).toBe(true);
    await sweep();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'filled' });
    expect(row.filledQuantity).toBeGreaterThan(0);
    expect(notes(row).at(-1)).toBe('found by client id');
    expect(await reserved(t.user.id, id)).toBe(false);
    expect(await db.select().from(simOrders).where(eq(simOrders.clientOrderId, row.venueClientId!))).toHaveLength(1);
  });

  it('an order the exchange never got: canceled ("not found at the exchange"), its reservation released, never sent', async () => {
    const { t, id } = await lostOrder('lost');
    expect(await reserved(t.user.id, id)).toBe(true);
    await sweep();
    const row = await rowOf(id);
    expect(row.status).toBe('canceled');
    expect(notes(row).at(-1)).toBe('not found at the exchange');
    expect(await reserved(t.user.id, id)).toBe(false);
    expect(await db.select().from(simOrders).where(eq(simOrders.clientOrderId, row.venueClientId!))).toEqual([]);
  });

  it('a pending order younger than STALE_PENDING_MS is left alone (its request may still be sending it)', async () => {
    const { t, id } = await lostOrder('lost', { status: 'pending', age: STALE_PENDING_MS - 10_000 });
    const before = await rowOf(id);
    await sweep();
    expect(await rowOf(id)).toEqual(before);
    expect(await reserved(t.user.id, id)).toBe(true);
  });

  it('the exchange unreachable: the order is left as it was for the next run', async () => {
    const { id } = await lostOrder('lost');
    const before = await rowOf(id);
    const count = await sweepStaleOrders(orderContext(lossyVenue('down')));
    expect(count.left).toBeGreaterThanOrEqual(1);
    const after = await rowOf(id);
    expect(after).toMatchObject({ status: 'unknown', statusHistory: before.statusHistory });
  });

  it('a protective order whose answer was lost is settled too: the stop is open at the exchange', async () => {
    const t = await flatTrader('ETHUSDT');
    const entry = await placeOrderFor(orderContext(), t.session, order(t.account.email, 'ETH', 'BUY', 400));
    expect(entry.status).toBe('filled');
    const [stop] = await protectPositionFor(orderContext(lossyVenue('placed')), t.session, {
      accountEmail: t.account.email,
      symbol: 'ETHUSDT',
      stopLoss: tickPriceAt('ETHUSDT', 0.5),
      clientOrderId: crypto.randomUUID(),
    });
    expect(stop!.status).toBe('unknown');
    await sweep();
    const row = await rowOf(stop!.id);
    expect(row).toMatchObject({ status: 'open', type: 'STOP_MARKET' });
    expect(notes(row).at(-1)).toBe('found by client id');
  });

  it('a stop the exchange never got is sent by the sweep (not left canceled), once', async () => {
    const t = await flatTrader('ETHUSDT');
    expect((await placeOrderFor(orderContext(), t.session, order(t.account.email, 'ETH', 'BUY', 400))).status).toBe('filled');
    const [stop] = await protectPositionFor(orderContext(lossyVenue('lost')), t.session, {
      accountEmail: t.account.email,
      symbol: 'ETHUSDT',
      stopLoss: tickPriceAt('ETHUSDT', 0.5),
      clientOrderId: crypto.randomUUID(),
    });
    expect(stop!.status).toBe('unknown');
    const atExchange = () =>
      db
        .select()
        .from(simOrders)
        .where(and(eq(simOrders.accountEmail, t.account.email), eq(simOrders.type, 'STOP_MARKET')));
    expect(await atExchange()).toHaveLength(0);
    // (Other tests' leftovers may be settled in the same run: the counts are at least this one.)
    expect((await sweep()).resent).toBeGreaterThanOrEqual(1);
    expect(await rowOf(stop!.id)).toMatchObject({ status: 'open', type: 'STOP_MARKET' });
    expect(await atExchange()).toHaveLength(1);
    // Settled: a second run leaves it as it is, and the exchange holds it once.
    await sweep();
    expect(await rowOf(stop!.id)).toMatchObject({ status: 'open' });
    expect(await atExchange()).toHaveLength(1);
  });

  it('a lost entry placed with a take-profit and a stop-loss: found filled, its protection placed, once', async () => {
    const t = await simTrader('sweep', { withSnapshot: true });
    const protection = { takeProfit: tickPriceAt('ETHUSDT', 1.2), stopLoss: tickPriceAt('ETHUSDT', 0.8) };
    const placed = await placeProtectedOrderFor(
      orderContext(lossyVenue('placed')),
      t.session,
      order(t.account.email, 'ETH', 'BUY', 400, protection),
    );
    expect(placed.status).toBe('unknown');
    const children = async () =>
      (await db.select().from(orders).where(eq(orders.parentOrderId, placed.id)))
        .map((r) => [r.type, r.status, r.triggerPrice])
        .sort();
    expect(await children()).toEqual([]);
    await sweep();
    expect((await rowOf(placed.id)).status).toBe('filled');
    const attached = [
      ['STOP_MARKET', 'open', protection.stopLoss],
      ['TAKE_PROFIT_MARKET', 'open', protection.takeProfit],
    ];
    expect(await children()).toEqual(attached);
    await sweep();
    expect(await children()).toEqual(attached);
  });

  it("a lost stop that filled meanwhile: recorded filled, and the position's take-profit canceled", async () => {
    // An account that holds no ETH now (a simulated account's book moves with time): the buy opens a long.
    const desk = await deskTrader('sweep', 'ETHUSDT');
    const t = {
      ...desk,
      session: { sub: desk.user.id, role: 'user', approved: true, can_use_terminal: true } as unknown as Session,
    };
    expect((await placeOrderFor(orderContext(), t.session, order(t.account.email, 'ETH', 'BUY', 400))).status).toBe('filled');
    const protect = (ctx: ReturnType<typeof orderContext>, p: { takeProfit?: number; stopLoss?: number }) =>
      protectPositionFor(ctx, t.session, {
        accountEmail: t.account.email,
        symbol: 'ETHUSDT',
        clientOrderId: crypto.randomUUID(),
        ...p,
      });
    const [takeProfit] = await protect(orderContext(), { takeProfit: tickPriceAt('ETHUSDT', 1.5) });
    const [stop] = await protect(orderContext(lossyVenue('placed')), { stopLoss: tickPriceAt('ETHUSDT', 0.5) });
    expect([takeProfit!.status, stop!.status]).toEqual(['open', 'unknown']);
    // The path reaches the stop at the exchange while its answer is still unrecorded here.
    await db
      .update(simOrders)
      .set({ triggerPrice: tickPriceAt('ETHUSDT', 1.6) })
      .where(and(eq(simOrders.accountEmail, t.account.email), eq(simOrders.type, 'STOP_MARKET')));
    await sweep();
    expect((await rowOf(stop!.id)).status).toBe('filled');
    expect((await rowOf(takeProfit!.id)).status).toBe('canceled');
  });

  it('two sweeps at once settle each order once', async () => {
    const found = await lostOrder('placed');
    const lost = await lostOrder('lost', { status: 'pending', age: STALE_PENDING_MS + 5_000 });
    // Both read the same candidates before either claims: the claims decide.
    const together = batchMeeting();
    // Each settled order is published once (its history is rewritten whole, so it could not tell).
    const published: OrderRow[] = [];
    const ctx = { ...orderContext(undefined, (row) => published.push(row)), db: together.db };
    await Promise.all([sweepStaleOrders(ctx), sweepStaleOrders(ctx)]);
    expect(together.arrived()).toBeGreaterThanOrEqual(2);
    expect(published.filter((r) => r.id === found.id).map((r) => r.status)).toEqual(['filled']);
    expect(published.filter((r) => r.id === lost.id).map((r) => r.status)).toEqual(['canceled']);
    const [a, b] = [await rowOf(found.id), await rowOf(lost.id)];
    expect(a.status).toBe('filled');
    expect(b.status).toBe('canceled');
    expect(notes(a).filter((n) => n === 'found by client id')).toHaveLength(1);
    expect(notes(b).filter((n) => n === 'not found at the exchange')).toHaveLength(1);
    expect(a.statusHistory.filter((s) => s.status === 'filled')).toHaveLength(1);
    expect(b.statusHistory.filter((s) => s.status === 'canceled')).toHaveLength(1);
  });
});
