import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsSources } from '../../../db/schema/news';
import { newsItems } from '../../../db/schema-news';
import { SimulatedExchange } from '../../../exchanges/simulated/adapter';
import { db, newsDb, testEnv } from '../../../test/harness';
import { COINDESK_RSS, FakeRss, SAMPLE_ATOM } from '../../../test/fakes/fake-rss';
import type { IngestDeps } from '../ingest/ingest';
import { newsHubPublisher } from '../../../wiring/news-ingest';
import { feedBackoffMs, pollRssSources } from './rss-poller';

const T0 = Date.UTC(2026, 10, 21, 9);
const MIN = 60_000;
const feeds = new FakeRss();
const ingest: IngestDeps = { db, newsDb, publish: newsHubPublisher(testEnv), exchange: new SimulatedExchange() };
const poll = (now: number) => pollRssSources({ db, ingest, now, fetch: feeds.fetch, clock: () => now });
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
  it('1 min, doubling, capped at 1 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => feedBackoffMs(n) / MIN)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });
});

describe('rss/atom sources', () => {
  it('reads enabled feeds, ingests their items once, keeps the validators and records health', async () => {
    const outcomes = await poll(T0);
    expect(outcomes.map((o) => o.sourceId).sort()).toEqual(['coindesk', 'research']);
    const coindesk = await itemsOf('coindesk');
    expect(coindesk.map((i) => i.externalId).sort()).toEqual(
      [
        '0c6f1e9a-1b57-4a7c-8a8e-55f2d4f7c001',
        'b2c8e5a4-7f0e-4a53-9c7e-2b3f6a0d9e11',
        'https://www.coindesk.com/business/2025/06/09/tether-mints-another-1b-usdt',
      ].sort(),
    );
    expect(coindesk.find((i) => i.title.startsWith('Bitcoin Tops'))).toMatchObject({
      sourceKind: 'rss',
      author: 'Omkar Godbole',
      url: 'https://www.coindesk.com/markets/2025/06/10/bitcoin-tops-110k-as-etf-inflows-hit-record',
      ts: Date.parse('2025-06-10T14:03:00Z'),
    });
    expect(await itemsOf('research')).toHaveLength(2);
    expect(await source('coindesk')).toMatchObject({
      config: { url: 'https://feeds.fake.test/rss', etag: '"v1"', lastModified: 'Tue, 10 Jun 2025 14:20:07 GMT' },
      lastSuccessAt: T0,
      consecutiveFailures: 0,
      nextAttemptAt: T0 + MIN,
    });
    expect(await source('research')).toMatchObject({ nextAttemptAt: T0 + 60 * MIN });
  });

  it('respects next_attempt_at and sends a conditional GET; 304 stores nothing', async () => {
    const before = feeds.requests.length;
    await poll(T0 + 30_000);
    expect(feeds.requests.length).toBe(before);
    const outcomes = await poll(T0 + MIN);
    expect(outcomes).toEqual([expect.objectContaining({ sourceId: 'coindesk', ok: true, notModified: true, stored: 0 })]);
    expect(feeds.requests.at(-1)).toMatchObject({ path: '/rss', ifNoneMatch: '"v1"' });
    expect(await itemsOf('coindesk')).toHaveLength(3);
  });

  it('a changed feed adds only its new items', async () => {
    const extra = `<item><title>Ether ETF options go live</title><guid isPermaLink="false">new-1</guid><pubDate>Wed, 11 Jun 2025 08:00:00 GMT</pubDate></item>`;
    feeds.publish('/rss', { body: COINDESK_RSS.replace('<item>', `${extra}<item>`), etag: '"v2"' });
    const [outcome] = await poll(T0 + 2 * MIN);
    expect(outcome).toMatchObject({ ok: true, stored: 1 });
    expect(await itemsOf('coindesk')).toHaveLength(4);
    expect((await source('coindesk'))!.config).toMatchObject({ etag: '"v2"' });
  });

  it('failures back off 1 min → 2 → 4 … with the error in the health; a success resets the count', async () => {
    let now = T0 + 3 * MIN;
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      feeds.failNext({ type: 'http', status: 503 });
      const [outcome] = await poll(now);
      expect(outcome).toMatchObject({ sourceId: 'coindesk', ok: false });
      waits.push(outcome!.nextAttemptAt - now);
      now = outcome!.nextAttemptAt;
    }
    expect(waits).toEqual([MIN, 2 * MIN, 4 * MIN]);
    expect(await source('coindesk')).toMatchObject({
      consecutiveFailures: 3,
      lastErrorAt: now - 4 * MIN,
      lastError: expect.stringContaining('HTTP 503'),
    });
    // a Retry-After longer than the backoff wins
    feeds.failNext({ type: 'http', status: 429, retryAfter: '1800' });
    const [limited] = await poll(now);
    expect(limited!.nextAttemptAt - now).toBe(30 * MIN);
    now = limited!.nextAttemptAt;
    const outcomes = await poll(now);
    expect(outcomes).toEqual([expect.objectContaining({ sourceId: 'coindesk', ok: true })]);
    expect(await source('coindesk')).toMatchObject({ consecutiveFailures: 0, lastSuccessAt: now, nextAttemptAt: now + MIN });
  });

  it('a source without a URL reports it', async () => {
    await db.insert(newsSources).values({ id: 'nourl', kind: 'rss', name: 'No URL', config: {}, createdAt: T0 });
    const outcomes = await poll(T0 + 10 * 60 * MIN);
    expect(outcomes.find((o) => o.sourceId === 'nourl')).toMatchObject({
      ok: false,
      error: expect.stringContaining('no feed URL'),
    });
    expect(await source('nourl')).toMatchObject({ consecutiveFailures: 1, nextAttemptAt: T0 + 10 * 60 * MIN + MIN });
  });
});
