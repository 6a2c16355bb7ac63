import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountLatest } from '../../db/schema/accounts';
import { simOrders, tradingHalts } from '../../db/schema/orders';
import { riskLimits } from '../../db/schema/risk';
import { db, insertUser, rpcClient, signedInJar, testEnv } from '../../test/harness';
import { deskTrader, tickPriceAt } from '../../test/sim-desk';
import { traderExposure, rangesOf } from '../risk/exposure-model';
import { setLimit } from '../risk/limit-store';
import type { Position } from '../../exchanges/types';
import { venueClientId } from './venue-client-id';

/**
 * Limit orders through the whole path (RPC, D1, the RiskGate Durable Objects, the simulated
 * exchange): a resting order holds its room in the gate, parallel limits cannot take a limit over,
 * cancel releases the room, a fill from the price path moves it to the position.
 */
const TAG = `limit${Date.now() % 100_000}`;

const trader = (symbol: string) => deskTrader(TAG, symbol);

const priceAt = tickPriceAt;

const limit = (accountEmail: string, symbol: string, extra: object = {}) => ({
  accountEmail,
  symbol,
  side: 'BUY' as const,
  type: 'LIMIT' as const,
  price: priceAt(symbol, 0.98),
  reduceOnly: false,
  clientOrderId: crypto.randomUUID(),
  ...extra,
});

const gateItems = (traderId: string) => testEnv.RISK_GATE.getByName(`trader:${traderId}`).items();

async function leverage(accountId: string) {
  const row = (await db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, accountId) }))!;
  const e = traderExposure(
    (row.metrics as { futuresBalance: number }).futuresBalance,
    rangesOf(accountId, row.positions as Position[]),
  );
  return e;
}

beforeEach(async () => {
  await db.delete(riskLimits);
  await db.delete(tradingHalts);
});

describe('limit orders on the simulated exchange', () => {
  it("a resting order is on the risk team's view of the trader (listOpenOrders by traderId); another trader is refused it", async () => {
    const t = await trader('SOLUSDT');
    const placed = await t.client.placeOrder(limit(t.account.email, 'SOLUSDT', { notional: 300 }));
    expect(placed.status).toBe('open');
    const risk = rpcClient(await signedInJar(await insertUser({ isRiskTeam: true })));
    expect((await risk.listOpenOrders({ traderId: t.user.id })).map((o) => [o.id, o.status])).toEqual([[placed.id, 'open']]);
    const other = await trader('SOLUSDT');
    await expect(other.client.listOpenOrders({ traderId: t.user.id })).rejects.toMatchObject({ status: 403 });
    await t.client.cancelOrder({ clientOrderId: placed.clientOrderId });
    expect(await risk.listOpenOrders({ traderId: t.user.id })).toEqual([]);
  });

  it('a limit buy below the mark rests, is listed open and counted in the gate; cancel releases it', async () => {
    const t = await trader('ETHUSDT');
    const placed = await t.client.placeOrder(limit(t.account.email, 'ETHUSDT', { notional: 500 }));
    expect(placed).toMatchObject({ status: 'open', type: 'LIMIT', timeInForce: 'GTC', filledQuantity: 0 });
    expect((await t.client.listOpenOrders({})).map((o) => o.id)).toEqual([placed.id]);
    expect((await gateItems(t.user.id)).map((i) => i.orderId)).toEqual([placed.id]);
    const canceled = await t.client.cancelOrder({ clientOrderId: placed.clientOrderId });
    expect(canceled.status).toBe('canceled');
    expect(await gateItems(t.user.id)).toEqual([]);
    expect(await t.client.listOpenOrders({})).toEqual([]);
    const [sim] = await db
      .select()
      .from(simOrders)
      .where(eq(simOrders.clientOrderId, await venueClientId(t.user.id, placed.clientOrderId)));
    expect(sim!.status).toBe('CANCELED');
    await expect(t.client.cancelOrder({ clientOrderId: placed.clientOrderId })).rejects.toMatchObject({ status: 409 });
  });

  it('IOC below the mark expires at once; a limit above the mark takes at once, never above its price', async () => {
    const t = await trader('SOLUSDT');
    const ioc = await t.client.placeOrder(limit(t.account.email, 'SOLUSDT', { notional: 300, timeInForce: 'IOC' }));
    expect(ioc).toMatchObject({ status: 'expired', filledQuantity: 0 });
    const price = priceAt('SOLUSDT', 1.01);
    const taker = await t.client.placeOrder(limit(t.account.email, 'SOLUSDT', { notional: 300, price }));
    expect(taker.status).toBe('filled');
    expect(taker.fillPrice!).toBeLessThanOrEqual(price);
    expect(await gateItems(t.user.id).then((items) => items.filter((i) => i.filled === null))).toEqual([]);
  });

  it('errors a trader can act on: post-only would cross, price off the tick or out of the band, reduce-only with no position', async () => {
    const t = await trader('BTCUSDT');
    const refusal = (extra: object) =>
      t.client.placeOrder(limit(t.account.email, 'BTCUSDT', { notional: 500, ...extra })).then(
        () => null,
        (e: { status: number; message: string; data?: { reason?: string } }) => ({
          status: e.status,
          reason: e.data?.reason,
          message: e.message,
        }),
      );
    expect(await refusal({ timeInForce: 'GTX', price: priceAt('BTCUSDT', 1.01) })).toMatchObject({
      status: 400,
      reason: 'postOnlyWouldCross',
      message: expect.stringMatching(/^Post-only order would cross/),
    });
    expect(await refusal({ price: priceAt('BTCUSDT', 0.98) + 0.05 })).toMatchObject({ status: 400, reason: 'priceFilter' });
    expect(await refusal({ price: priceAt('BTCUSDT', 0.9) })).toMatchObject({ status: 400, reason: 'priceFilter' });
    expect(await refusal({ side: 'SELL', reduceOnly: true, price: priceAt('BTCUSDT', 1.01) })).toMatchObject({
      status: 400,
      reason: 'noPosition',
    });
    // A post-only order below the mark rests.
    expect((await t.client.placeOrder(limit(t.account.email, 'BTCUSDT', { notional: 500, timeInForce: 'GTX' }))).status).toBe(
      'open',
    );
  });

  it('a resting order the price path reaches fills: the open-orders read records it and the gate moves it to the position', async () => {
    const t = await trader('BNBUSDT');
    const placed = await t.client.placeOrder(limit(t.account.email, 'BNBUSDT', { notional: 400 }));
    // The path touches it: as if the market had come down to the limit (a buy fills at any price at or below it).
    await db
      .update(simOrders)
      .set({ limitPrice: priceAt('BNBUSDT', 1.2) })
      .where(and(eq(simOrders.accountEmail, t.account.email), eq(simOrders.status, 'NEW')));
    expect(await t.client.listOpenOrders({})).toEqual([]);
    const [filled] = await t.client.listOrders({ limit: 1 });
    expect(filled).toMatchObject({ id: placed.id, status: 'filled', filledQuantity: placed.quantity });
    const items = await gateItems(t.user.id);
    expect(items.map((i) => [i.orderId, i.filled])).toEqual([[`${placed.id}#${placed.quantity}`, placed.quantity]]);
    const after = await leverage(t.account.id);
    expect(after.bySymbol.BNBUSDT).toBeGreaterThan(0);
  });
});

describe('limit orders under parallel requests', () => {
  it('50 limit orders at once cannot take the limit over; cancel all releases the room', async () => {
    const symbol = 'XRPUSDT';
    const t = await trader(symbol);
    const before = await leverage(t.account.id);
    const X = Math.max(200, Math.round(before.equity / 40));
    const cap = (before.gross + 10.5 * X) / before.equity;
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxLeverage', value: cap });
    // Sized at 0.99 of the mark: each counts ≈ X / 0.99 at the mark while it rests.
    const price = priceAt(symbol, 0.99);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => t.client.placeOrder(limit(t.account.email, symbol, { notional: X, price }))),
    );
    const open = results.filter((r) => r.status === 'fulfilled' && r.value.status === 'open').length;
    const refused = results.filter((r) => r.status === 'rejected' && (r.reason as { status: number }).status === 412).length;
    expect(open).toBeLessThanOrEqual(10);
    expect(open).toBeGreaterThanOrEqual(9);
    expect(open + refused).toBe(50);
    expect((await gateItems(t.user.id)).length).toBe(open);
    // Full: one more is refused while they rest.
    await expect(t.client.placeOrder(limit(t.account.email, symbol, { notional: X, price }))).rejects.toMatchObject({
      status: 412,
    });
    const canceled = await t.client.cancelAllOrders({ accountEmail: t.account.email, symbol });
    expect(canceled.map((o) => o.status)).toEqual(Array(open).fill('canceled'));
    expect(await gateItems(t.user.id)).toEqual([]);
    expect((await t.client.placeOrder(limit(t.account.email, symbol, { notional: X, price }))).status).toBe('open');
  });
});
