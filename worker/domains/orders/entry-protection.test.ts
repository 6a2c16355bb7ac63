import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { simOrders } from '../../db/schema/orders';
import { riskLimits } from '../../db/schema/risk';
import { db } from '../../test/harness';
import { deskOrder, deskTrader, refusal, tickPriceAt } from '../../test/sim-desk';
import { setLimit } from '../risk/limit-store';
import { importAllFills } from '../fills/fill-source';

/**
 * Take-profit / stop-loss at entry on a limit (attached when its fill is seen), given as a distance
 * in %, retried once; a refused entry leaves no protection; a stop moved (the chart's drag) and
 * then triggered by the price path, its fill imported with its realized PnL.
 */
const TAG = `entp${Date.now() % 100_000}`;

const trader = (symbol: string) => deskTrader(TAG, symbol);

const protective = (orders: { type: string }[]) => orders.filter((o) => o.type !== 'LIMIT' && o.type !== 'MARKET');

describe('take-profit and stop-loss at entry', () => {
  it('a resting limit with TP/SL in %: recorded on the entry, attached once when its fill is seen; a retry adds none', async () => {
    const t = await trader('ETHUSDT');
    const price = tickPriceAt('ETHUSDT', 0.98);
    const input = deskOrder(t, 'ETH', 'BUY', 400, { type: 'LIMIT', price, takeProfitPercent: 5, stopLossPercent: 3 });
    const placed = await t.client.placeOrder(input);
    expect(placed.status).toBe('open');
    expect(placed.takeProfit).toBeCloseTo(price * 1.05, 1);
    expect(placed.stopLoss).toBeCloseTo(price * 0.97, 1);
    expect(protective(await t.client.listOpenOrders({}))).toEqual([]);
    // The path reaches the limit.
    await db
      .update(simOrders)
      .set({ limitPrice: tickPriceAt('ETHUSDT', 1.2) })
      .where(and(eq(simOrders.accountEmail, t.account.email), eq(simOrders.type, 'LIMIT')));
    const open = await t.client.listOpenOrders({});
    expect(open.map((o) => [o.type, o.side, o.reduceOnly, o.parentOrderId, o.triggerPrice]).sort()).toEqual([
      ['STOP_MARKET', 'SELL', true, placed.id, placed.stopLoss],
      ['TAKE_PROFIT_MARKET', 'SELL', true, placed.id, placed.takeProfit],
    ]);
    expect(await t.client.placeOrder(input)).toMatchObject({ id: placed.id, status: 'filled' });
    expect(protective(await t.client.listOpenOrders({}))).toHaveLength(2);
    expect(protective(await t.client.listOrders({ limit: 20 }))).toHaveLength(2);
  });

  it('a resting limit with TP/SL as distances in price: entry ± the distance, on the tick; a distance past zero is refused', async () => {
    const t = await trader('BTCUSDT');
    const price = tickPriceAt('BTCUSDT', 0.98);
    const input = deskOrder(t, 'BTC', 'SELL', 400, { type: 'LIMIT', price, takeProfitOffset: 500, stopLossOffset: 250 });
    expect(
      await refusal(
        t.client.placeOrder({
          ...input,
          side: 'BUY',
          price,
          clientOrderId: crypto.randomUUID(),
          takeProfitOffset: undefined,
          stopLossOffset: price * 2,
        }),
      ),
    ).toMatchObject({ status: 400, reason: 'priceFilter' });
    const placed = await t.client.placeOrder(input);
    // A short: its take-profit below the entry, its stop above.
    expect(placed.takeProfit).toBeCloseTo(price - 500, 6);
    expect(placed.stopLoss).toBeCloseTo(price + 250, 6);
    await expect(t.client.placeOrder({ ...input, clientOrderId: crypto.randomUUID(), stopLossPercent: 1 })).rejects.toMatchObject(
      {
        status: 400,
      },
    );
  });

  it('a crossing limit attaches at once; a stop above a long limit is refused against the limit price, nothing sent', async () => {
    const t = await trader('SOLUSDT');
    const base = {
      accountEmail: t.account.email,
      symbol: 'SOL',
      side: 'BUY' as const,
      type: 'LIMIT' as const,
      reduceOnly: false,
    };
    expect(
      await refusal(
        t.client.placeOrder({
          ...base,
          price: tickPriceAt('SOLUSDT', 0.98),
          notional: 300,
          clientOrderId: crypto.randomUUID(),
          stopLoss: tickPriceAt('SOLUSDT', 0.99),
        }),
      ),
    ).toMatchObject({ status: 400, reason: 'wouldTrigger', message: expect.stringMatching(/below the limit price/) });
    expect(await t.client.listOrders({ limit: 5 })).toEqual([]);
    const taker = await t.client.placeOrder({
      ...base,
      price: tickPriceAt('SOLUSDT', 1.01),
      notional: 300,
      clientOrderId: crypto.randomUUID(),
      stopLoss: tickPriceAt('SOLUSDT', 0.9),
    });
    expect(taker.status).toBe('filled');
    expect((await t.client.listOpenOrders({})).map((o) => [o.type, o.parentOrderId])).toEqual([['STOP_MARKET', taker.id]]);
  });

  it('an entry the gate refuses leaves no protection', async () => {
    const t = await trader('BNBUSDT');
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxLeverage', value: 0.0001 });
    expect(
      await refusal(t.client.placeOrder(deskOrder(t, 'BNB', 'BUY', 5_000, { stopLoss: tickPriceAt('BNBUSDT', 0.9) }))),
    ).toMatchObject({ status: 412 });
    expect(protective(await t.client.listOrders({ limit: 10 }))).toEqual([]);
    await db.delete(riskLimits);
  });

  it('a stop moved (cancel and replace, once per request), then triggered: the position closes with a fill and realized PnL', async () => {
    const t = await trader('XRPUSDT');
    const entry = await t.client.placeOrder(deskOrder(t, 'XRP', 'BUY', 300, { stopLoss: tickPriceAt('XRPUSDT', 0.8) }));
    const [stop] = await t.client.listOpenOrders({});
    const move = {
      orderClientOrderId: stop!.clientOrderId,
      triggerPrice: tickPriceAt('XRPUSDT', 0.85),
      clientOrderId: crypto.randomUUID(),
    };
    const moved = await t.client.moveProtection(move);
    expect(moved).toMatchObject({
      type: 'STOP_MARKET',
      status: 'open',
      triggerPrice: move.triggerPrice,
      parentOrderId: entry.id,
    });
    expect(await t.client.moveProtection(move)).toMatchObject({ id: moved.id });
    expect((await t.client.listOpenOrders({})).map((o) => o.id)).toEqual([moved.id]);
    expect((await t.client.listOrders({ limit: 10 })).find((o) => o.id === stop!.id)!.status).toBe('canceled');
    expect(
      await refusal(
        t.client.moveProtection({
          orderClientOrderId: moved.clientOrderId,
          triggerPrice: tickPriceAt('XRPUSDT', 1.1),
          clientOrderId: 'm2',
        }),
      ),
    ).toMatchObject({ status: 400, reason: 'wouldTrigger' });
    // The path reaches the stop.
    await db
      .update(simOrders)
      .set({ triggerPrice: tickPriceAt('XRPUSDT', 1.5) })
      .where(and(eq(simOrders.accountEmail, t.account.email), eq(simOrders.status, 'NEW')));
    expect(await t.client.listOpenOrders({})).toEqual([]);
    const done = (await t.client.listOrders({ limit: 10 })).find((o) => o.id === moved.id)!;
    expect(done).toMatchObject({ status: 'filled', filledQuantity: entry.filledQuantity });
    await importAllFills(db, { keyring: null });
    const fills = await t.client.listFills({ from: Date.now() - 3_600_000, to: Date.now() + 60_000 });
    const close = fills.find((f) => f.side === 'SELL')!;
    expect(close).toMatchObject({ quantity: entry.filledQuantity, orderId: moved.id });
    expect(close.realizedPnl).not.toBe(0);
    expect(fills.find((f) => f.side === 'BUY')).toMatchObject({ quantity: entry.filledQuantity, orderId: entry.id });
  });
});
