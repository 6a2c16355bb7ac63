import { beforeAll, describe, expect, it } from 'vitest';
import type { PriceTick } from '../../contract/prices';
import type { UserRow } from '../../db/schema/users';
import { readEventStream } from '../../durable-objects/event-stream-fanout';
import { fetchApp, insertUser, rpcClient, signedInJar, type CookieJar } from '../../test/harness';

let terminalJar: CookieJar;
let plainJar: CookieJar;
let pendingJar: CookieJar;
let admin: UserRow;

beforeAll(async () => {
  terminalJar = await signedInJar(await insertUser({ email: 'desk@prices.test', canUseTerminal: true }));
  plainJar = await signedInJar(await insertUser({ email: 'plain@prices.test' }));
  pendingJar = await signedInJar(await insertUser({ email: 'pending@prices.test', approved: false, canUseTerminal: true }));
  admin = await insertUser({ email: 'admin@prices.test', role: 'admin' });
});

const streamUrl = (symbols: string[]) =>
  `/api/rpc/streamPrices?data=${encodeURIComponent(JSON.stringify({ json: { symbols } }))}`;

describe('price stream through the Worker', () => {
  it('streams live simulated prices to an approved user with the terminal flag (pass-through)', async () => {
    const res = await fetchApp(streamUrl(['BTC', 'ETH', 'PEPE']), { headers: { cookie: terminalJar.header() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const reader = readEventStream<PriceTick>(res.body!);
    const first = (await reader.next()).value as PriceTick;
    expect(first.upstream).toBe('live');
    expect(first.prices.BTC).toBeGreaterThan(1000);
    expect(first.prices.ETH).toBeGreaterThan(10);
    // A symbol the simulated exchange does not list still gets a (made-up) moving price locally.
    expect(first.prices.PEPE).toBeGreaterThan(0);
    await reader.return(undefined);
  });

  it('refuses everyone else: anonymous 401, no terminal flag 403, not approved 403, bad symbols 400', async () => {
    expect((await fetchApp(streamUrl(['BTC']))).status).toBe(401);
    expect((await fetchApp(streamUrl(['BTC']), { headers: { cookie: plainJar.header() } })).status).toBe(403);
    expect((await fetchApp(streamUrl(['BTC']), { headers: { cookie: pendingJar.header() } })).status).toBe(403);
    expect((await fetchApp(streamUrl(['not a symbol!']), { headers: { cookie: terminalJar.header() } })).status).toBe(400);
    expect((await fetchApp(streamUrl([]), { headers: { cookie: terminalJar.header() } })).status).toBe(400);
  });

  it('the hub counters show one upstream subscription per symbol (admin only)', async () => {
    const a = await fetchApp(streamUrl(['SOL', 'XRP']), { headers: { cookie: terminalJar.header() } });
    const b = await fetchApp(streamUrl(['SOL', 'XRP']), { headers: { cookie: terminalJar.header() } });
    const readers = [readEventStream<PriceTick>(a.body!), readEventStream<PriceTick>(b.body!)];
    await Promise.all(readers.map((r) => r.next()));
    const stats = await rpcClient(await signedInJar(admin)).getPriceHubStats();
    expect(stats.viewers).toBeGreaterThanOrEqual(2);
    expect(stats.upstreamSymbols.filter((s) => s === 'SOL')).toHaveLength(1);
    await expect(rpcClient(terminalJar).getPriceHubStats()).rejects.toMatchObject({ status: 403 });
    for (const r of readers) await r.return(undefined);
  });
});

describe('candles', () => {
  it('returns consecutive 1-minute candles ending at the current minute', async () => {
    const { candles } = await rpcClient(terminalJar).getPriceCandles({ symbol: 'btc', minutes: 90 });
    expect(candles).toHaveLength(90);
    for (const [i, c] of candles.entries()) {
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
      if (i > 0) expect(c.time - candles[i - 1]!.time).toBe(60_000);
    }
    expect(candles.at(-1)!.time).toBe(Math.floor(Date.now() / 60_000) * 60_000);
    await expect(rpcClient(plainJar).getPriceCandles({ symbol: 'BTC', minutes: 10 })).rejects.toMatchObject({ status: 403 });
  });
});

describe('news catch-up after a reconnect', () => {
  it('returns exactly the shown headlines stored after the last one the client had', async () => {
    const adminClient = rpcClient(await signedInJar(admin));
    const post = async (title: string, isTest = false) =>
      (await adminClient.postManualNews({ title: `${title} ${crypto.randomUUID()}`, symbols: ['BTC'], isTest })).item!;
    const seen = await post('Seen before the drop');
    // While the client is away: two headlines and a test item (never shown).
    const missed1 = await post('Missed one');
    await post('Test item', true);
    const missed2 = await post('Missed two');

    const client = rpcClient(terminalJar);
    const { items, complete } = await client.getNewsSince({ afterId: seen.id });
    expect(items.map((i) => i.id)).toEqual([missed1.id, missed2.id]);
    expect(complete).toBe(true);
    expect(items[0]!.metadata).toBeDefined();
    expect((await client.getNewsSince({ afterId: missed2.id })).items).toEqual([]);
    await expect(rpcClient(plainJar).getNewsSince({ afterId: 0 })).rejects.toMatchObject({ status: 403 });
  });
});
