import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PriceTick } from '../contract/prices';
import type { MarkPriceUpstream } from '../domains/prices/upstream';
import { STREAM_GRANT_HEADER } from '../domains/auth/stream-grant';
import { BinanceMarkPrices } from '../domains/prices/upstream';
import { BinancePublicMarket } from '../exchanges/binance/public-market';
import { readEventStream } from './event-stream-fanout';
import type { PriceHub } from './price-hub';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An upstream that records each read and can be told to fail (an exchange outage). */
class FakeUpstream implements MarkPriceUpstream {
  readonly kind = 'simulated';
  readsOf: string[][] = [];
  failing = false;
  price = 100;
  listing = new Set(['BTC', 'ETH', 'SOL', 'XRP']);
  async listed() {
    return this.listing;
  }
  async read(symbols: readonly string[]) {
    this.readsOf.push([...symbols].sort());
    if (this.failing) throw new Error('upstream connection lost');
    return Object.fromEntries(symbols.map((s) => [s, this.price]));
  }
  async candles() {
    return [];
  }
}

async function hubWithFake(name: string) {
  const stub = env.PRICE_HUB.getByName(name);
  const fake = await runInDurableObject(stub, (hub: PriceHub) => (hub.upstream = new FakeUpstream()));
  return { stub, fake: fake as FakeUpstream };
}

/** A grant as the Worker sends it (stream-grant.ts): the hub counts streams by its user. */
const grantOf = (userId: string) => ({
  [STREAM_GRANT_HEADER]: JSON.stringify({ userId, sessionId: `s-${userId}`, expiresAt: Date.now() + 600_000 }),
});

function open(stub: DurableObjectStub<PriceHub>, symbols: string[], headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = stub.fetch(`https://price-hub/subscribe?symbols=${symbols.join(',')}`, {
    signal: controller.signal,
    headers,
  });
  const reader = response.then((r) => readEventStream<PriceTick>(r.body!));
  return {
    reader,
    close: async () => {
      await (await reader).return(undefined);
      controller.abort();
    },
  };
}

const stats = (stub: DurableObjectStub<PriceHub>) => runInDurableObject(stub, (hub: PriceHub) => hub.stats());

describe('PriceHub', () => {
  it('fans out: one upstream subscription per symbol however many viewers, one read per tick for all', async () => {
    const { stub, fake } = await hubWithFake('fanout');
    const viewers = [
      ...Array.from({ length: 6 }, () => open(stub, ['BTC', 'ETH'])),
      ...Array.from({ length: 4 }, () => open(stub, ['SOL', 'BTC'])),
    ];
    const firsts = await Promise.all(viewers.map(async (v) => (await v.reader).next()));
    for (const [i, first] of firsts.entries()) {
      const symbols = i < 6 ? ['BTC', 'ETH'] : ['BTC', 'SOL'];
      expect(Object.keys((first.value as PriceTick).prices).sort()).toEqual(symbols);
      expect(first.value).toMatchObject({ upstream: 'live' });
    }
    await sleep(350);
    const during = await stats(stub);
    expect(during.viewers).toBe(10);
    expect(during.upstreamSymbols.sort()).toEqual(['BTC', 'ETH', 'SOL']);
    expect(during.subscriptionsOpened).toBe(3);
    // One read asks for every open symbol together (in the exchange's naming), never per viewer.
    expect(fake.readsOf.at(-1)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    for (const read of fake.readsOf) expect(new Set(read).size).toBe(read.length);
    // ~100 ms ticks over ~350 ms plus the first read: a handful, not one per viewer per tick.
    expect(fake.readsOf.length).toBeGreaterThanOrEqual(2);
    expect(fake.readsOf.length).toBeLessThanOrEqual(7);
    // Every viewer keeps receiving ticks.
    fake.price = 101;
    await sleep(250);
    for (const v of viewers) {
      let tick = (await (await v.reader).next()).value as PriceTick;
      while (tick.prices.BTC !== 101) tick = (await (await v.reader).next()).value as PriceTick;
      expect(tick.prices.BTC).toBe(101);
    }
    await Promise.all(viewers.map((v) => v.close()));
  });

  it('closes a symbol with its last viewer and stops reading when nobody watches', async () => {
    const { stub, fake } = await hubWithFake('last-leave');
    const a = open(stub, ['BTC', 'ETH']);
    const b = open(stub, ['ETH']);
    await (await a.reader).next();
    await (await b.reader).next();
    expect((await stats(stub)).upstreamSymbols.sort()).toEqual(['BTC', 'ETH']);

    await a.close();
    await sleep(250);
    const one = await stats(stub);
    expect(one.viewers).toBe(1);
    expect(one.upstreamSymbols).toEqual(['ETH']);
    expect(fake.readsOf.at(-1)).toEqual(['ETHUSDT']);

    await b.close();
    await sleep(250);
    const none = await stats(stub);
    expect(none).toMatchObject({ viewers: 0, upstreamSymbols: [] });
    const reads = fake.readsOf.length;
    await sleep(400);
    expect(fake.readsOf.length).toBe(reads);

    // A viewer coming back opens the subscription again.
    const c = open(stub, ['ETH']);
    await (await c.reader).next();
    const again = await stats(stub);
    expect(again.upstreamSymbols).toEqual(['ETH']);
    expect(again.subscriptionsOpened).toBe(3);
    await c.close();
  });

  it('recovers from an upstream drop: viewers see it down, then live prices again, without reconnecting', async () => {
    const { stub, fake } = await hubWithFake('drop');
    const viewer = open(stub, ['BTC']);
    const reader = await viewer.reader;
    expect((await reader.next()).value).toMatchObject({ upstream: 'live', prices: { BTC: 100 } });

    fake.failing = true;
    let tick = (await reader.next()).value as PriceTick;
    while (tick.upstream === 'live') tick = (await reader.next()).value as PriceTick;
    // Down: the last known price stays, with the reason.
    expect(tick).toMatchObject({ upstream: 'down', prices: { BTC: 100 }, error: 'upstream connection lost' });
    const failedReads = fake.readsOf.length;
    await sleep(500);
    // Backoff: 100, 200, 400 ms … so far fewer reads than ticks while it stays down.
    expect(fake.readsOf.length - failedReads).toBeLessThanOrEqual(3);

    fake.failing = false;
    fake.price = 105;
    while (tick.upstream !== 'live') tick = (await reader.next()).value as PriceTick;
    expect(tick).toMatchObject({ upstream: 'live', prices: { BTC: 105 } });
    expect(tick.error).toBeUndefined();
    const after = await stats(stub);
    expect(after.upstreamFailures).toBeGreaterThanOrEqual(1);
    // The drop did not open a second subscription.
    expect(after.subscriptionsOpened).toBe(1);
    await viewer.close();
  });

  it('refuses a subscription without symbols', async () => {
    const res = await env.PRICE_HUB.getByName('bad').fetch('https://price-hub/subscribe');
    expect(res.status).toBe(400);
  });
});

describe('PriceHub limits', () => {
  const subscribe = (stub: DurableObjectStub<PriceHub>, symbols: string[], headers: Record<string, string> = {}) =>
    stub.fetch(`https://price-hub/subscribe?symbols=${symbols.join(',')}`, { headers });

  it('refuses symbols the market does not list, naming them, and opens nothing upstream', async () => {
    const { stub, fake } = await hubWithFake('unlisted');
    const res = await subscribe(stub, ['BTC', 'NOPE', 'MADEUP1']);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string; data: { unlisted: string[] } };
    expect(body).toMatchObject({ code: 'BAD_REQUEST', data: { unlisted: ['MADEUP1', 'NOPE'] } });
    expect(body.message).toContain('MADEUP1, NOPE');
    expect(fake.readsOf).toEqual([]);
    expect(await stats(stub)).toMatchObject({ viewers: 0, upstreamSymbols: [], subscriptionsOpened: 0 });
  });

  it('refuses more than 50 symbols in one stream', async () => {
    const { stub, fake } = await hubWithFake('wide');
    fake.listing = new Set(Array.from({ length: 60 }, (_, i) => `C${i}`));
    const wide = await subscribe(stub, [...fake.listing].slice(0, 51));
    expect(wide.status).toBe(400);
    expect(await wide.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('At most 50 symbols') });
    const fits = open(stub, [...fake.listing].slice(0, 50));
    await (await fits.reader).next();
    expect((await stats(stub)).upstreamSymbols).toHaveLength(50);
    await fits.close();
  });

  it('holds at most 4 open streams per user; a closed one frees its place; other users are not affected', async () => {
    const { stub } = await hubWithFake('quota');
    const mine = [
      open(stub, ['BTC'], grantOf('u1')),
      open(stub, ['ETH'], grantOf('u1')),
      open(stub, ['BTC', 'ETH'], grantOf('u1')),
    ];
    mine.push(open(stub, ['SOL'], grantOf('u1')));
    await Promise.all(mine.map(async (v) => (await v.reader).next()));
    const fifth = await subscribe(stub, ['XRP'], grantOf('u1'));
    expect(fifth.status).toBe(429);
    expect(await fifth.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', data: { limit: 4 } });
    // The refused stream opened nothing: XRP never reached the upstream.
    expect((await stats(stub)).upstreamSymbols).not.toContain('XRP');

    const other = open(stub, ['XRP'], grantOf('u2'));
    await (await other.reader).next();

    await mine[0]!.close();
    await sleep(100);
    const again = open(stub, ['XRP'], grantOf('u1'));
    await (await again.reader).next();
    await Promise.all([...mine.slice(1), other, again].map((v) => v.close()));
  });

  it('with Binance as the source, "listed" is the exchangeInfo symbol list, read once and cached', async () => {
    const calls: string[] = [];
    const market = new BinancePublicMarket({
      baseUrl: 'http://fapi.price-hub.test',
      fetch: async (input) => {
        const url = new URL(String(input));
        calls.push(url.pathname);
        if (url.pathname === '/fapi/v1/exchangeInfo')
          return Response.json({
            symbols: [
              { symbol: 'BTCUSDT', quoteAsset: 'USDT', contractType: 'PERPETUAL', status: 'TRADING' },
              { symbol: '1000PEPEUSDT', quoteAsset: 'USDT', contractType: 'PERPETUAL', status: 'TRADING' },
              { symbol: 'BTCUSDT_260327', quoteAsset: 'USDT', contractType: 'CURRENT_QUARTER', status: 'TRADING' },
              { symbol: 'OLDUSDT', quoteAsset: 'USDT', contractType: 'PERPETUAL', status: 'SETTLING' },
            ],
          });
        return Response.json([
          { symbol: 'BTCUSDT', markPrice: '91000.10' },
          { symbol: '1000PEPEUSDT', markPrice: '0.0046' },
        ]);
      },
    });
    const stub = env.PRICE_HUB.getByName('binance-listing');
    await runInDurableObject(stub, (hub: PriceHub) => (hub.upstream = new BinanceMarkPrices(market)));
    const refused = await subscribe(stub, ['BTC', 'PEPE', 'OLD']);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ data: { unlisted: ['OLD', 'PEPE'] } });
    const viewer = open(stub, ['1000PEPE', 'BTC']);
    const first = (await (await viewer.reader).next()).value as PriceTick;
    expect(first.prices).toEqual({ '1000PEPE': 0.0046, BTC: 91000.1 });
    expect(calls.filter((c) => c === '/fapi/v1/exchangeInfo')).toHaveLength(1);
    await viewer.close();
  });
});
