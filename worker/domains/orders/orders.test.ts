import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderSide } from '../../contract/enums';
import { accountLatest } from '../../db/schema/accounts';
import { orders, simOrders } from '../../db/schema/orders';
import { OrderOutcomeUnknown, type OrderVenue } from '../../exchanges/order-venue';
import type { Position } from '../../exchanges/types';
import { db, insertUser, rpcClient, signedInJar } from '../../test/harness';
import { clearLimitsAndHalts, order, orderContext, tradingClient as trader } from '../../test/order-traders';
import { setTradingEnabled } from './halts';
import { placeOrderFor, refreshSimulatedAccount, type VenueFor } from './orders';
import { SIM_SLIPPAGE, SimulatedVenue } from '../../exchanges/simulated/venue';
import { venueClientId } from './venue-client-id';

/** How many orders the simulated exchange holds under the id this user's browser id was sent as. */
async function ordersAtTheExchange(userId: string, clientOrderId: string) {
  const id = await venueClientId(userId, clientOrderId);
  return (await db.select().from(simOrders).where(eq(simOrders.clientOrderId, id))).length;
}

/** A venue that counts calls and can lose answers, around the real simulated one. */
function countingVenue(
  db_ = db,
  behaviour: {
    loseAnswer?: 'after-fill' | 'before-fill' | 'arrives-late';
    times?: number;
    queryFails?: boolean;
    lateArrivalMs?: number;
  } = {},
) {
  const calls = { place: 0, query: 0 };
  let failures = behaviour.times ?? 1;
  const venueFor: VenueFor = (account) => {
    const sim = new SimulatedVenue(db_, account.email);
    const venue: OrderVenue = {
      rules: (s) => sim.rules(s),
      markPrice: (s) => sim.markPrice(s),
      async placeMarketOrder(req) {
        calls.place++;
        if (behaviour.loseAnswer && failures > 0) {
          failures--;
          if (behaviour.loseAnswer === 'after-fill') await sim.placeMarketOrder(req);
          // The request is still on its way: the exchange takes it after the first query said "no such order".
          if (behaviour.loseAnswer === 'arrives-late') setTimeout(() => void sim.placeMarketOrder(req), 100);
          throw new OrderOutcomeUnknown('Timeout waiting for response from backend server (-1007)');
        }
        return sim.placeMarketOrder(req);
      },
      async queryOrder(symbol, id) {
        calls.query++;
        if (behaviour.queryFails) throw new Error('network down');
        return sim.queryOrder(symbol, id);
      },
      placeLimitOrder: (req) => sim.placeLimitOrder(req),
      placeConditionalOrder: (req) => sim.placeConditionalOrder(req),
      cancelOrder: (s, id) => sim.cancelOrder(s, id),
      cancelAllOrders: (s) => sim.cancelAllOrders(s),
      lateArrivalMs: behaviour.lateArrivalMs,
    };
    return venue;
  };
  return { calls, venueFor };
}

beforeEach(clearLimitsAndHalts);

describe('placing a market order on a simulated account', () => {
  it('fills at the mark with the slippage, records the timings, and the account shows the position at once', async () => {
    const t = await trader();
    await refreshSimulatedAccount(db, t.account);
    const before = await db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, t.account.id) });
    const eth = (before!.positions as Position[]).find((p) => p.symbol === 'ETHUSDT');
    const placed = await t.client.placeOrder(order(t.account.email, 'ETH', 'BUY', 1000, { keypressAt: Date.now() - 5 }));
    expect(placed.status).toBe('filled');
    expect(placed.symbol).toBe('ETHUSDT');
    // The mark moves a little between sizing and the fill; the slippage is against the buyer.
    expect(Math.abs(placed.fillPrice! / placed.markPrice - (1 + SIM_SLIPPAGE))).toBeLessThan(0.002);
    expect(placed.quantity).toBeCloseTo(1000 / placed.markPrice, 2);
    expect(Math.round(placed.quantity * 1000)).toBe(placed.quantity * 1000); // step 0.001
    expect(placed.sentAt! >= placed.receivedAt && placed.ackAt! >= placed.sentAt!).toBe(true);
    expect(placed.statusHistory.map((s) => s.status)).toEqual(['pending', 'filled']);
    expect(placed.riskCheck.passed).toBe(true);
    const after = await db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, t.account.id) });
    const ethAfter = (after!.positions as Position[]).find((p) => p.symbol === 'ETHUSDT')!;
    const signed = (p?: Position) => (p ? (p.side === 'LONG' ? p.size : -p.size) : 0);
    expect(signed(ethAfter) - signed(eth)).toBeCloseTo(placed.quantity, 6);
    expect((await t.client.listOrders({})).map((o) => o.id)).toEqual([placed.id]);
  });

  it('closes a position with a reduce-only order of its whole size, even while trading is off', async () => {
    const t = await trader();
    await t.client.placeOrder(order(t.account.email, 'DOGE', 'SELL', 500));
    const held = (await db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, t.account.id) }))!
      .positions as Position[];
    const doge = held.find((p) => p.symbol === 'DOGEUSDT')!;
    const closingSide: OrderSide = doge.side === 'LONG' ? 'SELL' : 'BUY';
    await setTradingEnabled(db, 'risk', { traderId: t.user.id, enabled: false });
    const close = await t.client.placeOrder({
      accountEmail: t.account.email,
      symbol: 'DOGE',
      side: closingSide,
      reduceOnly: true,
      clientOrderId: crypto.randomUUID(),
    });
    expect(close.status).toBe('filled');
    expect(close.quantity).toBeCloseTo(doge.size, 6);
    expect(close.riskCheck.skipped).toBe('reduceOnly');
    const latest = await db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, t.account.id) });
    expect((latest!.positions as Position[]).find((p) => p.symbol === 'DOGEUSDT')).toBeUndefined();
    await expect(
      t.client.placeOrder({
        accountEmail: t.account.email,
        symbol: 'DOGE',
        side: closingSide,
        reduceOnly: true,
        clientOrderId: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('refuses what the exchange would refuse: below the minimum notional, unknown symbol', async () => {
    const t = await trader();
    await refreshSimulatedAccount(db, t.account);
    await expect(t.client.placeOrder(order(t.account.email, 'BTC', 'BUY', 50))).rejects.toMatchObject({ status: 400 });
    await expect(t.client.placeOrder(order(t.account.email, 'NOPE', 'BUY', 500))).rejects.toMatchObject({ status: 400 });
    expect(await db.select().from(orders).where(eq(orders.userId, t.user.id))).toHaveLength(0);
  });
});

describe('exactly once', () => {
  it('the same clientOrderId five times at once sends one order, and every answer is that order', async () => {
    const t = await trader();
    await refreshSimulatedAccount(db, t.account);
    const { calls, venueFor } = countingVenue();
    const input = order(t.account.email, 'SOL', 'BUY', 800);
    const results = await Promise.all(Array.from({ length: 5 }, () => placeOrderFor(orderContext(venueFor), t.session, input)));
    expect(calls.place).toBe(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await ordersAtTheExchange(t.user.id, input.clientOrderId)).toBe(1);
    expect((await placeOrderFor(orderContext(venueFor), t.session, input)).status).toBe('filled');
    expect(calls.place).toBe(1);
  });

  it('the same id twice over RPC at once (two tabs): one exchange order', async () => {
    const t = await trader();
    await refreshSimulatedAccount(db, t.account);
    const input = order(t.account.email, 'BNB', 'SELL', 600);
    const [a, b] = await Promise.all([t.client.placeOrder(input), t.client.placeOrder(input)]);
    expect(a.id).toBe(b.id);
    expect(await ordersAtTheExchange(t.user.id, input.clientOrderId)).toBe(1);
  });

  it('an answer lost after the fill is found by client id, not sent again', async () => {
    const t = await trader();
    await refreshSimulatedAccount(db, t.account);
    const { calls, venueFor } = countingVenue(db, { loseAnswer: 'after-fill' });
    const placed = await placeOrderFor(orderContext(venueFor), t.session, order(t.account.email, 'XRP', 'BUY', 300));
    expect(calls).toEqual({ place: 1, query: 1 });
    expect(placed.status).toBe('filled');
    expect(placed.statusHistory.map((s) => s.status)).toEqual(['pending', 'unknown', 'filled']);
  });

  it('a timeout before the exchange got it: queried first, then sent once more', async () => {
    const t = await trader();
    await refreshSimulatedAccount(db, t.account);
    const { calls, venueFor } = countingVenue(db, { loseAnswer: 'before-fill' });
    const input = order(t.account.email, 'XRP', 'BUY', 300);
    const placed = await placeOrderFor(orderContext(venueFor), t.session, input);
    expect(calls).toEqual({ place: 2, query: 1 });
    expect(placed.status).toBe('filled');
    expect(await ordersAtTheExchange(t.user.id, input.clientOrderId)).toBe(1);
  });

  it('a request that reaches the exchange after the first query: asked again once it could no longer arrive, never resent', async () => {
    const t = await trader();
    await refreshSimulatedAccount(db, t.account);
    const { calls, venueFor } = countingVenue(db, { loseAnswer: 'arrives-late', lateArrivalMs: 400 });
    const input = order(t.account.email, 'XRP', 'BUY', 300);
    const placed = await placeOrderFor(orderContext(venueFor), t.session, input);
    expect(calls).toEqual({ place: 1, query: 2 });
    expect(placed.status).toBe('filled');
    expect(placed.statusHistory.at(-1)?.note).toBe('found by client id');
    expect(await ordersAtTheExchange(t.user.id, input.clientOrderId)).toBe(1);
  });

  it('an outcome that stays unknown is settled by the retry: queried, never sent twice', async () => {
    const t = await trader();
    await refreshSimulatedAccount(db, t.account);
    const lost = countingVenue(db, { loseAnswer: 'after-fill', queryFails: true });
    const input = order(t.account.email, 'ETH', 'SELL', 400);
    expect((await placeOrderFor(orderContext(lost.venueFor), t.session, input)).status).toBe('unknown');
    const retry = countingVenue(db);
    const settled = await placeOrderFor(orderContext(retry.venueFor), t.session, input);
    expect(retry.calls).toEqual({ place: 0, query: 1 });
    expect(settled.status).toBe('filled');
    expect(await ordersAtTheExchange(t.user.id, input.clientOrderId)).toBe(1);
  });

  it('the same id for a different order is a 409 CONFLICT', async () => {
    const t = await trader();
    await refreshSimulatedAccount(db, t.account);
    const input = order(t.account.email, 'ETH', 'BUY', 200);
    await t.client.placeOrder(input);
    await expect(t.client.placeOrder({ ...input, side: 'SELL' })).rejects.toMatchObject({ status: 409 });
  });
});

describe('who may place an order', () => {
  it('another trader’s account → 403; no terminal flag → 403; an admin on an account not assigned to them → 403', async () => {
    const owner = await trader();
    const other = await trader();
    await expect(other.client.placeOrder(order(owner.account.email, 'ETH', 'BUY', 200))).rejects.toMatchObject({ status: 403 });
    const noFlag = await trader({ canUseTerminal: false });
    await expect(noFlag.client.placeOrder(order(noFlag.account.email, 'ETH', 'BUY', 200))).rejects.toMatchObject({ status: 403 });
    const admin = await insertUser({ email: 'admin@orders.test', role: 'admin', canUseTerminal: true });
    const adminClient = rpcClient(await signedInJar(admin));
    await expect(adminClient.placeOrder(order(owner.account.email, 'ETH', 'BUY', 200))).rejects.toMatchObject({ status: 403 });
    await expect(other.client.listOrders({ traderId: owner.user.id })).rejects.toMatchObject({ status: 403 });
    expect(await db.select().from(orders).where(eq(orders.accountId, owner.account.id))).toHaveLength(0);
  });
});
