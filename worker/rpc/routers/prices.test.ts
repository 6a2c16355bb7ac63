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
    const res = await fetchApp(streamUrl(['BTC', 'ETH', '1000PEPE']), { headers: { cookie: terminalJar.header() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const reader = readEventStream<PriceTick>(res.body!);
    const first = (await reader.next()).value as PriceTick;
    expect(first.upstream).toBe('live');
    // Near the reference data's late-2025 levels (the walk wanders, within a factor of ~2).
    expect(first.prices.BTC).toBeGreaterThan(40_000);
    expect(first.prices.BTC).toBeLessThan(200_000);
    expect(first.prices.ETH).toBeGreaterThan(1_000);
    expect(first.prices['1000PEPE']).toBeLessThan(0.1);
    await reader.return(undefined);
  });

  it('refuses a symbol the market does not list, naming it (both the pass-through and the procedure)', async () => {
    // PEPE is listed on Binance USDⓈ-M only as 1000PEPE; the simulated market lists what Binance lists.
    const res = await fetchApp(streamUrl(['BTC', 'PEPE', 'NOTACOIN']), { headers: { cookie: terminalJar.header() } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      json: {
        code: 'BAD_REQUEST',
        message: 'Not listed on the simulated market: NOTACOIN, PEPE',
        data: { unlisted: ['NOTACOIN', 'PEPE'] },
      },
    });
    await expect(rpcClient(terminalJar).streamPrices({ symbols: ['NOTACOIN'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Not listed on the simulated market: NOTACOIN',
    });
    await expect(rpcClient(terminalJar).getPriceCandles({ symbol: 'NOTACOIN', minutes: 5 })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('lists the market: its source and symbols (terminal users only)', async () => {
    const listing = await rpcClient(terminalJar).getMarketListing();
    expect(listing.source).toBe('simulated');
    expect(listing.referenceAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(listing.symbols.length).toBeGreaterThanOrEqual(90);
    expect(listing.symbols).toEqual(expect.arrayContaining(['BTC', 'ETH', 'SOL', '1000PEPE']));
    expect(listing.symbols).not.toContain('PEPE');
    await expect(rpcClient(plainJar).getMarketListing()).rejects.toMatchObject({ status: 403 });
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

describe('price stream limits', () => {
  const open = (jar: CookieJar, symbols: string[]) => fetchApp(streamUrl(symbols), { headers: { cookie: jar.header() } });
  const madeUp = (stream: number) => Array.from({ length: 100 }, (_, i) => `FAKE${stream}X${i}`);

  it('40 streams × 100 made-up symbols from one trader open no upstream subscription at all', async () => {
    const attacker = await signedInJar(await insertUser({ email: 'flood@prices.test', canUseTerminal: true }));
    const adminClient = rpcClient(await signedInJar(admin));
    const before = await adminClient.getPriceHubStats();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, k) => open(attacker, madeUp(k))));
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(400));
    // Within the size limit but still made up: refused by the listing, by name.
    const fifty = await open(attacker, madeUp(99).slice(0, 50));
    expect(fifty.status).toBe(400);
    expect(((await fifty.json()) as { json: { message: string } }).json.message).toContain('FAKE99X0');
    const after = await adminClient.getPriceHubStats();
    expect(after.subscriptionsOpened).toBe(before.subscriptionsOpened);
    expect(after.upstreamSymbols.filter((s) => s.startsWith('FAKE'))).toEqual([]);
  });

  it('at most 4 open streams per user, however many are asked for; 50 listed symbols per stream at most', async () => {
    const trader = await signedInJar(await insertUser({ email: 'tabs@prices.test', canUseTerminal: true }));
    const { symbols } = await rpcClient(trader).getMarketListing();
    const tooWide = await open(trader, symbols.slice(0, 51));
    expect(tooWide.status).toBe(400);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, k) => open(trader, symbols.slice(k, k + 50))));
    const opened = answers.filter((r) => r.status === 200);
    expect(opened).toHaveLength(4);
    for (const refused of answers.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ json: { code: 'TOO_MANY_REQUESTS' } });
    }
    const stats = await rpcClient(await signedInJar(admin)).getPriceHubStats();
    // One upstream subscription per listed symbol, never per stream or per viewer.
    expect(new Set(stats.upstreamSymbols).size).toBe(stats.upstreamSymbols.length);
    for (const s of stats.upstreamSymbols) expect(symbols).toContain(s);
    // Closing a stream gives its place back.
    await opened[0]!.body!.cancel();
    let reopened: Response | undefined;
    await expect.poll(async () => (reopened = await open(trader, ['BTC'])).status, { timeout: 3000, interval: 200 }).toBe(200);
    for (const r of [...opened.slice(1), reopened!]) await r.body!.cancel();
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
