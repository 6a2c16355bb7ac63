import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsSources } from '../../../db/schema/news';
import { newsItems } from '../../../db/schema-news';
import { SimulatedExchange } from '../../../exchanges/simulated/adapter';
import { db, newsDb, testEnv } from '../../../test/harness';
import { COINDESK_RSS, FakeRss, SAMPLE_ATOM } from '../../../test/fakes/fake-rss';
import type { IngestDeps } from '../ingest/ingest';
import { newsHubPublisher } from '../../../wiring/news-ingest';
import { feedBackoffMs, rssSourcePoller } from './rss-poller';

const T0 = Date.UTC(2026, 10, 21, 9);
const MIN = 60_000;
const feeds = new FakeRss();
const ingest: IngestDeps = { db, newsDb, publish: newsHubPublisher(testEnv), exchange: new SimulatedExchange() };
const pollerOf = (id: string, now: () => number) => rssSourcePoller({ db, ingest, fetch: feeds.fetch, clock: now }, id);
const source = (id: string) => db.query.newsSources.findFirst({ where: eq(newsSources.id, id) });
const itemsOf = (id: string) => newsDb.select().from(newsItems).where(eq(newsItems.sourceId, id));

beforeAll(async () => {
  feeds.publish('/rss', { body: COINDESK_RSS, etag: '"v1"', lastModified: 'Tue, 10 Jun 2025 14:20:07 GMT' });
  feeds.publish('/atom', { body: SAMPLE_ATOM, contentType: 'application/atom+xml' });
  await db.insert(newsSources).values([
    { id: 'coindesk', kind: 'rss', name: 'CoinDesk', config: { url: 'https://feeds.fake.test/rss' }, createdAt: T0 },
    {
      id: 'research',
      kind: 'atom',
      name: 'Research',
      config: { url: 'https://feeds.fake.test/atom', intervalSeconds: 3600 },
      createdAt: T0,
    },
    { id: 'off', kind: 'rss', name: 'Off', config: { url: 'https://feeds.fake.test/off' }, enabled: false, createdAt: T0 },
    { id: 'sim', kind: 'simulated', name: 'Sim', config: {}, createdAt: T0 },
  ]);
});

describe('feedBackoffMs', () => {
  it('the interval (at least 1 min), doubling, capped at 1 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => feedBackoffMs(n) / MIN)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(feedBackoffMs(1, 5 * MIN) / MIN).toBe(5);
  });
});

describe('an rss/atom source poller', () => {
  const clock = { t: T0 };
  const coindesk = pollerOf('coindesk', () => clock.t);

  it('reads the feed, ingests its items once with their publication times, keeps the validators', async () => {
    const outcome = await coindesk.poll(T0);
    expect(outcome).toMatchObject({ ok: true, state: 'polling', intervalMs: MIN, stored: 3, requests: 1 });
    expect(outcome.newestItemAt).toBe(Date.parse('2025-06-10T14:03:00Z'));
    const items = await itemsOf('coindesk');
    expect(items.map((i) => i.externalId).sort()).toEqual(
      [
        '0c6f1e9a-1b57-4a7c-8a8e-55f2d4f7c001',
        'b2c8e5a4-7f0e-4a53-9c7e-2b3f6a0d9e11',
        'https://www.coindesk.com/business/2025/06/09/tether-mints-another-1b-usdt',
      ].sort(),
    );
    expect(items.find((i) => i.title.startsWith('Bitcoin Tops'))).toMatchObject({
      sourceKind: 'rss',
      author: 'Omkar Godbole',
      url: 'https://www.coindesk.com/markets/2025/06/10/bitcoin-tops-110k-as-etf-inflows-hit-record',
      ts: Date.parse('2025-06-10T14:03:00Z'),
      publishedAt: Date.parse('2025-06-10T14:03:00Z'),
      receivedAt: T0,
    });
    expect((await source('coindesk'))!.config).toEqual({
      url: 'https://feeds.fake.test/rss',
      etag: '"v1"',
      lastModified: 'Tue, 10 Jun 2025 14:20:07 GMT',
    });
    const research = await pollerOf('research', () => T0).poll(T0);
    expect(research).toMatchObject({ ok: true, intervalMs: 60 * MIN });
    expect(await itemsOf('research')).toHaveLength(2);
  });

  it('sends a conditional GET; 304 stores nothing', async () => {
    clock.t = T0 + MIN;
    const outcome = await coindesk.poll(clock.t);
    expect(outcome).toMatchObject({ ok: true, stored: 0, requests: 1 });
    expect(feeds.requests.at(-1)).toMatchObject({ path: '/rss', ifNoneMatch: '"v1"' });
    expect(await itemsOf('coindesk')).toHaveLength(3);
  });

  it('a changed feed adds only its new items; a dateless item has no known publication time', async () => {
    const extra = `<item><title>Ether ETF options go live</title><guid isPermaLink="false">new-1</guid><pubDate>Wed, 11 Jun 2025 08:00:00 GMT</pubDate></item><item><title>Undated note on stablecoins</title><guid isPermaLink="false">new-2</guid></item>`;
    feeds.publish('/rss', { body: COINDESK_RSS.replace('<item>', `${extra}<item>`), etag: '"v2"' });
    clock.t = T0 + 2 * MIN;
    expect(await coindesk.poll(clock.t)).toMatchObject({ ok: true, stored: 2 });
    const items = await itemsOf('coindesk');
    expect(items).toHaveLength(5);
    expect(items.find((i) => i.externalId === 'new-2')).toMatchObject({ ts: clock.t, publishedAt: null, receivedAt: clock.t });
    expect((await source('coindesk'))!.config).toMatchObject({ etag: '"v2"' });
  });

  it('failures back off (interval, doubling) with the error; a Retry-After wins; a success resets', async () => {
    const now = T0 + 3 * MIN;
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      feeds.failNext({ type: 'http', status: 503 });
      const outcome = await coindesk.poll(now);
      expect(outcome).toMatchObject({ ok: false, state: 'failing', error: expect.stringContaining('HTTP 503') });
      waits.push(outcome.notBefore! - now);
    }
    expect(waits).toEqual([MIN, 2 * MIN, 4 * MIN]);
    feeds.failNext({ type: 'http', status: 429, retryAfter: '1800' });
    const limited = await coindesk.poll(now);
    expect(limited).toMatchObject({
      ok: false,
      state: 'rate-limited',
      notBefore: now + 30 * MIN,
      rateLimitedUntil: now + 30 * MIN,
    });
    expect(await coindesk.poll(now + 30 * MIN)).toMatchObject({ ok: true, state: 'polling' });
  });

  it('stops for a disabled, removed or non-feed source; a source without a URL says so', async () => {
    expect((await pollerOf('off', () => T0).poll(T0)).stop).toEqual({ state: 'off', reason: 'Disabled' });
    expect((await pollerOf('gone', () => T0).poll(T0)).stop).toMatchObject({ state: 'off' });
    expect((await pollerOf('sim', () => T0).poll(T0)).stop).toMatchObject({ state: 'off' });
    await db.insert(newsSources).values({ id: 'nourl', kind: 'rss', name: 'No URL', config: {}, createdAt: T0 });
    expect(await pollerOf('nourl', () => T0).poll(T0)).toMatchObject({
      ok: false,
      error: expect.stringContaining('no feed URL'),
    });
  });

  it('an edited interval is read after invalidate()', async () => {
    await db
      .update(newsSources)
      .set({ config: { url: 'https://feeds.fake.test/rss', intervalSeconds: 5 } })
      .where(eq(newsSources.id, 'coindesk'));
    coindesk.invalidate();
    expect(await coindesk.poll(T0 + 40 * MIN)).toMatchObject({ intervalMs: 5_000 });
  });
});
