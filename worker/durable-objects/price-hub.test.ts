import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { PriceTick } from '../contract/prices';
import type { MarkPriceUpstream } from '../domains/prices/upstream';
import { readEventStream } from './event-stream-fanout';
import type { PriceHub } from './price-hub';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An upstream that records each read and can be told to fail (an exchange outage). */
class FakeUpstream implements MarkPriceUpstream {
  readonly kind = 'simulated';
  readsOf: string[][] = [];
  failing = false;
  price = 100;
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

function open(stub: DurableObjectStub<PriceHub>, symbols: string[]) {
  const controller = new AbortController();
  const response = stub.fetch(`https://price-hub/subscribe?symbols=${symbols.join(',')}`, { signal: controller.signal });
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
