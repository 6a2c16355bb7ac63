import { describe, expect, it } from 'vitest';
import { rejection } from '../../test/order-rejection';
import { btcOrder, btcSymbol, fakeOrderVenue } from '../../test/fakes/binance-order-venue';
import type { FakeSymbol } from '../../test/fakes/fake-binance-orders';
import { OrderOutcomeUnknown, roundToStep } from '../order-venue';
import { BinanceMarket, BinanceOrderVenue, MARK_TTL_MS } from './order-venue';

const KEY = 'sub-key';
const SECRET = 'sub-secret';
const DOGE: FakeSymbol = {
  symbol: 'DOGEUSDT',
  stepSize: '1',
  minQty: '1',
  maxQty: '1000000',
  minNotional: '5',
  markPrice: '0.38',
};

const BTC = btcSymbol();
const setup = (secret = SECRET) => fakeOrderVenue({ apiKey: KEY, apiSecret: SECRET, symbols: [BTC, DOGE], venueSecret: secret });
const order = btcOrder;

describe('Binance USDⓈ-M market orders against the fake exchange', () => {
  it('sends a signed MARKET order with our client id and reads the fill', async () => {
    const { fake, venue } = setup();
    const placed = await venue.placeMarketOrder(order({ clientOrderId: 'abc-1' }));
    expect(placed).toMatchObject({ status: 'FILLED', executedQty: 0.002, avgPrice: 95000 });
    const [post] = fake.orderPosts();
    expect(post!.params.get('newClientOrderId')).toBe('abc-1');
    expect(post!.params.get('type')).toBe('MARKET');
    expect(post!.params.get('reduceOnly')).toBeNull();
    expect(await venue.queryOrder('BTCUSDT', 'abc-1')).toMatchObject({
      exchangeOrderId: placed.exchangeOrderId,
      status: 'FILLED',
    });
    expect(await venue.queryOrder('BTCUSDT', 'never-sent')).toBeNull();
  });

  it('a wrong secret fails the fake’s own signature check: refused with a key message', async () => {
    const { venue } = setup('not-the-secret');
    expect((await rejection(venue.placeMarketOrder(order()))).message).toMatch(/trading key/);
  });

  it('reads the symbol rules from exchangeInfo once (MARKET_LOT_SIZE), and rounding to the step passes the fake’s filters', async () => {
    const { fake, venue } = setup();
    const rules = await venue.rules('BTCUSDT');
    expect(rules).toEqual({
      symbol: 'BTCUSDT',
      stepSize: 0.001,
      minQty: 0.001,
      maxQty: 120,
      minNotional: 100,
      tickSize: 0.1,
      minPrice: 0.1,
      multiplierUp: 1.05,
      multiplierDown: 0.95,
    });
    await venue.rules('DOGEUSDT');
    expect(fake.requests.filter((r) => r.path === '/fapi/v1/exchangeInfo')).toHaveLength(1);
    const quantity = roundToStep(1234.5 / 95000, rules!.stepSize);
    expect(quantity).toBe(0.012);
    expect((await venue.placeMarketOrder(order({ quantity }))).executedQty).toBe(0.012);
    expect(await venue.markPrice('BTCUSDT')).toBe(95000);
  });

  it('a mark price is read once a second per symbol; a failed read is not kept', async () => {
    let clock = 1_000_000;
    let answers = 0;
    const fetchFn = async () => {
      answers++;
      return answers === 3 ? new Response('busy', { status: 503 }) : Response.json({ markPrice: String(90_000 + answers) });
    };
    const market = new BinanceMarket({ futuresBaseUrl: 'https://fapi-mark.fake', fetch: fetchFn, now: () => clock });
    expect(await market.markPrice('BTCUSDT')).toBe(90_001);
    clock += MARK_TTL_MS - 1;
    expect(await market.markPrice('BTCUSDT')).toBe(90_001);
    expect(answers).toBe(1);
    clock += 1;
    expect(await market.markPrice('BTCUSDT')).toBe(90_002);
    clock += MARK_TTL_MS;
    await expect(market.markPrice('BTCUSDT')).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    expect(await market.markPrice('BTCUSDT')).toBe(90_004);
    expect(answers).toBe(4);
  });

  it('a mark price the exchange does not give refuses the order with a gateway error, not a 500', async () => {
    const make = (fetchFn: typeof fetch) =>
      new BinanceOrderVenue({ futuresBaseUrl: 'http://fake-fapi.test', apiKey: KEY, apiSecret: SECRET, fetch: fetchFn });
    const timedOut = make(async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    });
    await expect(timedOut.markPrice('BTCUSDT')).rejects.toMatchObject({ code: 'GATEWAY_TIMEOUT', status: 504 });
    const down = make(async () => {
      throw new TypeError('Network connection lost.');
    });
    await expect(down.markPrice('BTCUSDT')).rejects.toMatchObject({ code: 'BAD_GATEWAY', status: 502 });
    const failing = make(async () => new Response('busy', { status: 503 }));
    await expect(failing.markPrice('BTCUSDT')).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringContaining('HTTP 503'),
    });
    const garbage = make(async () => Response.json({ markPrice: 'n/a' }));
    await expect(garbage.markPrice('BTCUSDT')).rejects.toMatchObject({ code: 'BAD_GATEWAY' });
    const cut = make(async () => new Response('{"markPr', { status: 200 }));
    await expect(cut.markPrice('BTCUSDT')).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringContaining('unreadable'),
    });
  });

  it('maps the refusals a trader can act on: precision, filters, minimum notional, reduce-only, margin, rate limit', async () => {
    const { fake, venue } = setup();
    expect((await rejection(venue.placeMarketOrder(order({ quantity: 0.0015 })))).code).toBe(-1111);
    expect((await rejection(venue.placeMarketOrder(order({ quantity: 500 })))).code).toBe(-1013);
    const small = await rejection(venue.placeMarketOrder(order({ quantity: 0.001 })));
    expect([small.code, small.message]).toEqual([-4164, "The order's notional is below the symbol's minimum: use a larger size"]);
    const reduce = await rejection(venue.placeMarketOrder(order({ side: 'SELL', reduceOnly: true })));
    expect(reduce.message).toBe('Reduce-only order rejected: it would not reduce the position');
    fake.refuseNextOrder(400, -2019, 'Margin is insufficient.');
    expect((await rejection(venue.placeMarketOrder(order()))).message).toMatch(/^Insufficient margin/);
    fake.refuseNextOrder(429, -1003, 'Too many requests.');
    expect((await rejection(venue.placeMarketOrder(order()))).message).toMatch(/^Rate limit reached/);
    // A reduce-only order that does reduce passes, below the minimum notional too.
    await venue.placeMarketOrder(order({ quantity: 0.002 }));
    expect((await venue.placeMarketOrder(order({ side: 'SELL', quantity: 0.001, reduceOnly: true }))).status).toBe('FILLED');
    expect(fake.positions.BTCUSDT).toBeCloseTo(0.001, 9);
  });

  it('a timeout, a 503 or -1007 is an unknown outcome, never a refusal; the query tells whether it was placed', async () => {
    for (const as of ['timeout', '503', '-1007'] as const) {
      const { fake, venue } = setup();
      fake.loseNextAnswer({ when: 'after-fill', as });
      const req = order();
      await expect(venue.placeMarketOrder(req)).rejects.toBeInstanceOf(OrderOutcomeUnknown);
      expect(await venue.queryOrder('BTCUSDT', req.clientOrderId), as).not.toBeNull();
      fake.loseNextAnswer({ when: 'before-fill', as });
      const lost = order();
      await expect(venue.placeMarketOrder(lost)).rejects.toBeInstanceOf(OrderOutcomeUnknown);
      expect(await venue.queryOrder('BTCUSDT', lost.clientOrderId), as).toBeNull();
    }
  });
});
