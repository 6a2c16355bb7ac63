import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsPollers, newsSources } from '../db/schema/news';
import { newsItems } from '../db/schema-news';
import { db, newsDb } from '../test/harness';
import { sleep, until } from '../test/eventually';
import { FakeBybit, FakeOkx } from '../test/fakes/fake-announcements';
import { FakeBinanceAnnouncements } from '../test/fakes/fake-binance-announcements';
import { setExchangeSource } from '../domains/news/settings/exchange-sources';
import { BINANCE_KEYS_MISSING } from '../domains/news/sources/binance-announcement-stream';
import type { PollerTarget } from '../domains/news/pollers/targets';
import type { PollerOverrides } from '../wiring/news-pollers';
import type { NewsPoller } from './news-poller';
import type { NewsStream } from './news-stream';

const itemsOf = (sourceId: string) => newsDb.select().from(newsItems).where(eq(newsItems.sourceId, sourceId));

/** The holder of `target` (a poller or a stream), given the overrides, then armed. */
async function armedWith<H extends NewsPoller | NewsStream>(
  namespace: DurableObjectNamespace<H>,
  target: PollerTarget,
  overrides: PollerOverrides,
) {
  const stub = namespace.getByName(`${target.kind}:${target.id}`);
  await runInDurableObject(stub, (holder: H) => {
    holder.overrides = overrides;
  });
  await stub.arm(target, true);
  return stub;
}

const pollerWith = (target: PollerTarget, overrides: PollerOverrides) => armedWith(env.NEWS_POLLER, target, overrides);

/** The fake's sockets belong to the holder's Durable Object: push and cut from inside it. */
const inside = <T>(stub: DurableObjectStub<NewsStream>, act: () => T) => runInDurableObject(stub, () => act());

const streamWith = (target: PollerTarget, overrides: PollerOverrides) => armedWith(env.NEWS_STREAM, target, overrides);

describe('Bybit announcements, polled every 2 s', () => {
  const bybit = new FakeBybit();
  const target: PollerTarget = { kind: 'exchange', id: 'exchange-bybit' };

  it('a listing becomes a critical headline tagged with its symbols, with the exchange and the link; history is skipped', async () => {
    bybit.publish({ title: 'New Listing: OLD/USDT', publishTime: Date.now() - 3 * 3_600_000 });
    const id = await setExchangeSource(db, { exchange: 'bybit', enabled: true });
    expect(await db.query.newsSources.findFirst({ where: eq(newsSources.id, id) })).toMatchObject({
      kind: 'exchange',
      name: 'Bybit',
      enabled: true,
      config: { exchange: 'bybit', intervalSeconds: 2, otherImportance: 'medium' },
    });
    bybit.publish({ title: 'New Listing: FOO/USDT Perpetual Contract', description: 'FOOUSDT opens at 10:00 UTC' });
    const stub = await pollerWith(target, { fetch: bybit.fetch });
    await runDurableObjectAlarm(stub);
    const items = await itemsOf('exchange-bybit');
    expect(items.map((i) => i.title)).toEqual(['New Listing: FOO/USDT Perpetual Contract']);
    expect(items[0]).toMatchObject({
      sourceKind: 'exchange',
      importance: 'critical',
      symbols: ['FOO'],
      author: 'Bybit · New Listings',
      url: expect.stringMatching(/^https:\/\/announcements\.bybit\.com\//),
      publishedAt: expect.any(Number),
    });
    expect((await stub.status()).health).toMatchObject({ state: 'polling', intervalMs: 2_000 });

    // the next poll finds nothing new; a later announcement of another type keeps its importance
    bybit.publish({
      title: 'Bybit Launchpool: stake USDT to earn BAR',
      type: { title: 'Latest Activities', key: 'latest_activities' },
    });
    await runDurableObjectAlarm(stub);
    const after = await itemsOf('exchange-bybit');
    expect(after).toHaveLength(2);
    expect(after.find((i) => i.title.startsWith('Bybit Launchpool'))).toMatchObject({ importance: 'medium' });
  });

  it("the exchange's rate limit parks the poller until its reset", async () => {
    const stub = env.NEWS_POLLER.getByName('exchange:exchange-bybit');
    bybit.failNext({ type: 'rate-limit' });
    await runDurableObjectAlarm(stub);
    const status = await stub.status();
    expect(status.health).toMatchObject({
      state: 'rate-limited',
      rateLimitedUntil: expect.any(Number),
      lastError: expect.stringContaining('rate limit'),
    });
    expect(status.plannedAt).toBeGreaterThanOrEqual(status.health!.rateLimitedUntil!);
    expect(await db.query.newsPollers.findFirst({ where: eq(newsPollers.key, 'exchange:exchange-bybit') })).toMatchObject({
      state: 'rate-limited',
    });
  });

  it('switched off, it stops', async () => {
    await setExchangeSource(db, { exchange: 'bybit', enabled: false });
    const stub = env.NEWS_POLLER.getByName('exchange:exchange-bybit');
    await stub.arm(target, true);
    await runDurableObjectAlarm(stub);
    expect(await stub.status()).toMatchObject({ alarm: null, health: { state: 'off' } });
  });
});

describe('OKX announcements', () => {
  it('polls within 5 requests / 2 s; a delisting is critical and tagged', async () => {
    const okx = new FakeOkx();
    await setExchangeSource(db, { exchange: 'okx', enabled: true, intervalSeconds: 1, otherImportance: 'low' });
    okx.publish({ title: 'OKX to delist BAR-USDT-SWAP and BAR/USDT', annType: 'announcements-delistings' });
    const stub = await pollerWith({ kind: 'exchange', id: 'exchange-okx' }, { fetch: okx.fetch });
    await runDurableObjectAlarm(stub);
    expect(await itemsOf('exchange-okx')).toEqual([
      expect.objectContaining({ importance: 'critical', symbols: ['BAR'], author: 'OKX · Delistings' }),
    ]);
    expect((await stub.status()).health).toMatchObject({ intervalMs: 1_000 });
    // a second poll sends the ETag and gets 304
    await runDurableObjectAlarm(stub);
    expect(okx.requests.at(-1)!.headers.get('If-None-Match')).toBeTruthy();
  });
});

describe('Binance announcements, pushed over a held WebSocket', () => {
  const keys = { apiKey: 'binance-key', apiSecret: 'binance-secret' };
  const binance = new FakeBinanceAnnouncements(keys);
  const target: PollerTarget = { kind: 'exchange-stream', id: 'exchange-binance' };

  it('without the Binance keys it is off and says why', async () => {
    await setExchangeSource(db, { exchange: 'binance', enabled: true });
    const stub = await streamWith(target, { fetch: binance.fetch });
    await runDurableObjectAlarm(stub);
    expect((await stub.status()).snapshot).toMatchObject({ state: 'off', lastError: BINANCE_KEYS_MISSING });
    expect(binance.connections).toBe(0);
  });

  it('connects, and a pushed listing is stored at once as a critical tagged headline', async () => {
    const stub = await streamWith(target, { fetch: binance.fetch, binanceKeys: keys });
    await runDurableObjectAlarm(stub);
    expect((await stub.status()).snapshot).toMatchObject({
      state: 'connected',
      connections: 1,
      connectedSince: expect.any(Number),
    });
    expect(
      await inside(stub, () =>
        binance.publish({ title: 'Binance Will List Foo (FOO)', body: 'Binance will open trading for FOO/USDT.' }),
      ),
    ).toBe(1);
    const items = await until(
      () => itemsOf('exchange-binance'),
      (rows) => rows.length > 0,
    );
    expect(items).toEqual([
      expect.objectContaining({
        title: 'Binance Will List Foo (FOO)',
        importance: 'critical',
        symbols: ['FOO'],
        author: 'Binance · New Cryptocurrency Listing',
        url: 'https://www.binance.com/en/support/announcement/list/48',
      }),
    ]);
    expect((await stub.status()).snapshot!.lastItemAt).toBe(items[0]!.ts);
  });

  it('reconnects after a disconnect: at once for a clean close, with backoff after a failure', async () => {
    const stub = env.NEWS_STREAM.getByName('exchange-stream:exchange-binance');
    await inside(stub, () => binance.disconnectAll(1001, 'going away'));
    const dropped = await until(
      () => stub.status(),
      (s) => s.snapshot?.state === 'connecting',
    );
    expect(dropped.plannedAt! - Date.now()).toBeLessThan(1_000);
    await runDurableObjectAlarm(stub);
    expect((await stub.status()).snapshot).toMatchObject({ state: 'connected', connections: 2, consecutiveFailures: 0 });

    await inside(stub, () => binance.disconnectAll(1011, 'internal error'));
    await until(
      () => stub.status(),
      (s) => s.snapshot?.state === 'connecting',
    );
    const backoff = await stub.status();
    expect(backoff.snapshot).toMatchObject({ consecutiveFailures: 1, lastError: expect.stringContaining('1011') });
    expect(backoff.plannedAt! - Date.now()).toBeGreaterThan(500);
    // an early heartbeat does not reconnect before the backoff ends
    await runDurableObjectAlarm(stub);
    expect((await stub.status()).snapshot).toMatchObject({ state: 'connecting', connections: 2 });
    await sleep(backoff.plannedAt! - Date.now() + 50);
    await runDurableObjectAlarm(stub);
    expect((await stub.status()).snapshot).toMatchObject({ state: 'connected', connections: 3 });
    // pushes after the reconnect arrive
    await inside(stub, () =>
      binance.publish({ catalogId: 161, catalogName: 'Delisting', title: 'Binance Will Delist BAR on 2026-12-01' }),
    );
    const items = await until(
      () => itemsOf('exchange-binance'),
      (rows) => rows.length === 2,
    );
    expect(items.find((i) => i.title.includes('Delist'))).toMatchObject({ importance: 'critical', symbols: [] });
  });

  it('a refused key is failing with the reason, retried in minutes', async () => {
    const stub = env.NEWS_STREAM.getByName('exchange-stream:exchange-binance');
    await runInDurableObject(stub, (s: NewsStream) => {
      s.overrides = { fetch: binance.fetch, binanceKeys: { apiKey: 'wrong', apiSecret: 'x' } };
    });
    await stub.arm(target, true);
    await runDurableObjectAlarm(stub);
    const status = await stub.status();
    expect(status.snapshot).toMatchObject({ state: 'failing', lastError: expect.stringContaining('Invalid API-key') });
    expect(status.plannedAt! - Date.now()).toBeGreaterThan(10_000);
  });
});
