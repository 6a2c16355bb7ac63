import { describe, expect, it } from 'vitest';
import { rejection } from '../../test/order-rejection';
import { btcOrder, btcSymbol, fakeOrderVenue } from '../../test/fakes/binance-order-venue';
import type { BinanceOrderVenue } from './order-venue';

/** Limit orders, cancel and cancel-all on the documented /fapi/v1 shapes, against the fake exchange. */
const setup = () => fakeOrderVenue({ apiKey: 'k', apiSecret: 's', symbols: [btcSymbol()] });
const limit = (extra: Partial<Parameters<BinanceOrderVenue['placeLimitOrder']>[0]> = {}) => ({
  ...btcOrder(),
  price: 94000,
  timeInForce: 'GTC' as const,
  ...extra,
});

describe('Binance USDⓈ-M limit orders against the fake exchange', () => {
  it('sends type=LIMIT with timeInForce and price; a limit below the mark rests, then fills when the mark crosses it', async () => {
    const { fake, venue } = setup();
    const req = limit();
    const placed = await venue.placeLimitOrder(req);
    expect(placed).toMatchObject({ status: 'NEW', executedQty: 0, avgPrice: null });
    const sent = fake.orderPosts()[0]!.params;
    expect(
      Object.fromEntries(['type', 'timeInForce', 'price', 'quantity', 'newClientOrderId'].map((k) => [k, sent.get(k)])),
    ).toEqual({
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: '94000',
      quantity: '0.002',
      newClientOrderId: req.clientOrderId,
    });
    fake.moveMark('BTCUSDT', '93990.00');
    expect(await venue.queryOrder('BTCUSDT', req.clientOrderId)).toMatchObject({
      status: 'FILLED',
      executedQty: 0.002,
      avgPrice: 94000,
    });
    expect(fake.positions.BTCUSDT).toBeCloseTo(0.002);
  });

  it('reads PRICE_FILTER and PERCENT_PRICE into the symbol rules', async () => {
    const { venue } = setup();
    expect(await venue.rules('BTCUSDT')).toMatchObject({
      tickSize: 0.1,
      minPrice: 0.1,
      multiplierUp: 1.05,
      multiplierDown: 0.95,
    });
    expect((await venue.rules('BTCUSDT'))!.maxPrice).toBeUndefined(); // "0": no bound
  });

  it('IOC that does not cross expires unfilled; one that crosses fills', async () => {
    const { venue } = setup();
    expect(await venue.placeLimitOrder(limit({ timeInForce: 'IOC' }))).toMatchObject({ status: 'EXPIRED', executedQty: 0 });
    expect(await venue.placeLimitOrder(limit({ timeInForce: 'IOC', price: 95100 }))).toMatchObject({
      status: 'FILLED',
      executedQty: 0.002,
    });
  });

  it('maps post-only would cross, off-tick and out-of-band prices to messages a trader can act on', async () => {
    const { venue } = setup();
    const gtx = await rejection(venue.placeLimitOrder(limit({ timeInForce: 'GTX', price: 95100 })));
    expect([gtx.code, gtx.message]).toEqual([
      -5022,
      'Post-only order rejected: at this price it would take liquidity immediately',
    ]);
    expect((await rejection(venue.placeLimitOrder(limit({ price: 94000.05 })))).message).toMatch(/tick size/);
    expect((await rejection(venue.placeLimitOrder(limit({ price: 99900 })))).message).toMatch(/outside the band/);
    expect((await rejection(venue.placeLimitOrder(limit({ price: 90000 })))).code).toBe(-4024);
    // A post-only that rests is fine.
    expect(await venue.placeLimitOrder(limit({ timeInForce: 'GTX' }))).toMatchObject({ status: 'NEW' });
  });

  it('cancels by origClientOrderId (DELETE /fapi/v1/order); a filled order answers -2011, an unknown one null', async () => {
    const { fake, venue } = setup();
    const req = limit();
    await venue.placeLimitOrder(req);
    expect(await venue.cancelOrder('BTCUSDT', req.clientOrderId)).toMatchObject({ status: 'CANCELED', executedQty: 0 });
    const del = fake.requests.find((r) => r.method === 'DELETE')!;
    expect([del.path, del.params.get('origClientOrderId'), del.params.get('symbol')]).toEqual([
      '/fapi/v1/order',
      req.clientOrderId,
      'BTCUSDT',
    ]);
    expect((await rejection(venue.cancelOrder('BTCUSDT', req.clientOrderId))).code).toBe(-2011);
    expect(await venue.cancelOrder('BTCUSDT', 'never-sent')).toBeNull();
  });

  it('cancels every open order of the symbol (DELETE /fapi/v1/allOpenOrders)', async () => {
    const { fake, venue } = setup();
    const a = limit();
    const b = limit({ side: 'SELL', price: 96000 });
    await venue.placeLimitOrder(a);
    await venue.placeLimitOrder(b);
    await venue.cancelAllOrders('BTCUSDT');
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === '/fapi/v1/allOpenOrders')).toBe(true);
    expect((await venue.queryOrder('BTCUSDT', a.clientOrderId))!.status).toBe('CANCELED');
    expect((await venue.queryOrder('BTCUSDT', b.clientOrderId))!.status).toBe('CANCELED');
  });
});

describe('Binance USDⓈ-M take-profit and stop-loss on the Algo Service', () => {
  const protective = (extra: Partial<Parameters<BinanceOrderVenue['placeConditionalOrder']>[0]> = {}) => ({
    symbol: 'BTCUSDT',
    side: 'SELL' as const,
    type: 'STOP_MARKET' as const,
    triggerPrice: 90000,
    clientOrderId: crypto.randomUUID(),
    ...extra,
  });

  it('sends POST /fapi/v1/algoOrder (CONDITIONAL, MARK_PRICE, closePosition, clientAlgoId); the trigger closes the whole position', async () => {
    const { fake, venue } = setup();
    await venue.placeMarketOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      quantity: 0.003,
      reduceOnly: false,
      clientOrderId: 'entry-1',
    });
    const req = protective();
    const waiting = await venue.placeConditionalOrder(req);
    expect(waiting).toMatchObject({ status: 'NEW', executedQty: 0 });
    // Waiting in the Algo Service, it has only its algo id.
    expect(waiting.exchangeOrderId).toBe(`algo-${fake.algos[0]!.algoId}`);
    const sent = fake.requests.find((r) => r.path === '/fapi/v1/algoOrder')!.params;
    expect(
      Object.fromEntries(
        ['algoType', 'type', 'side', 'triggerPrice', 'workingType', 'closePosition', 'clientAlgoId', 'quantity'].map((k) => [
          k,
          sent.get(k),
        ]),
      ),
    ).toEqual({
      algoType: 'CONDITIONAL',
      type: 'STOP_MARKET',
      side: 'SELL',
      triggerPrice: '90000',
      workingType: 'MARK_PRICE',
      closePosition: 'true',
      clientAlgoId: req.clientOrderId,
      quantity: null,
    });
    fake.moveMark('BTCUSDT', '89990.00');
    // Triggered: the matching engine's order (actualOrderId), the id the account's trades carry for its fill.
    expect(await venue.queryOrder('BTCUSDT', req.clientOrderId, 'conditional')).toMatchObject({
      status: 'FILLED',
      executedQty: 0.003,
      exchangeOrderId: String(fake.algos[0]!.actualOrderId),
    });
    expect(fake.algos[0]!.actualOrderId).toEqual(expect.any(Number));
    expect(fake.positions.BTCUSDT).toBe(0);
  });

  it('"would immediately trigger" (-2021) is a refusal a trader can act on; cancel goes to the algo endpoint', async () => {
    const { fake, venue } = setup();
    const crossed = await rejection(venue.placeConditionalOrder(protective({ triggerPrice: 96000 })));
    expect([crossed.code, crossed.message]).toEqual([
      -2021,
      'The order would trigger immediately: move the trigger price to the other side of the mark',
    ]);
    const tp = protective({ type: 'TAKE_PROFIT_MARKET', triggerPrice: 99000 });
    await venue.placeConditionalOrder(tp);
    expect(await venue.cancelOrder('BTCUSDT', tp.clientOrderId, 'conditional')).toMatchObject({ status: 'CANCELED' });
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === '/fapi/v1/algoOrder')).toBe(true);
    expect(await venue.queryOrder('BTCUSDT', 'never', 'conditional')).toBeNull();
  });
});
