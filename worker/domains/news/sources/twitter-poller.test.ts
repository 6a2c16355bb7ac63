import { eq } from 'drizzle-orm';
import { insertTwitterSession } from '../../../test/news-rows';
import { beforeAll, describe, expect, it } from 'vitest';
import { twitterHandles, twitterPollingSessions } from '../../../db/schema/news';
import { newsItems } from '../../../db/schema-news';
import { SimulatedExchange } from '../../../exchanges/simulated/adapter';
import { XClient } from '../../../providers/twitter/client';
import { db, newsDb, testEnv } from '../../../test/harness';
import { FakeX } from '../../../test/fakes/fake-x';
import type { IngestDeps } from '../ingest/ingest';
import { newsHubPublisher } from '../../../wiring/news-ingest';
import { X_TOKEN_MISSING, twitterSessionPoller } from './twitter-poller';

const TOKEN = 'x-test-bearer';
const T0 = Date.UTC(2026, 10, 21, 10, 0);
const clock = { t: T0 };
const fake = new FakeX({
  bearerToken: TOKEN,
  now: () => clock.t,
  users: [
    { id: '44196397', username: 'WatcherGuru', name: 'Watcher.Guru' },
    { id: '1179487206', username: 'tier10k', name: 'db' },
    { id: '777', username: 'elsewhere', name: 'Not followed' },
  ],
});
const x = new XClient({ baseUrl: 'https://x.fake.test', bearerToken: TOKEN, fetch: fake.fetch, now: () => clock.t });
const ingest: IngestDeps = {
  db,
  newsDb,
  publish: newsHubPublisher(testEnv),
  exchange: new SimulatedExchange({ now: () => clock.t }),
};
const poller = twitterSessionPoller({ db, ingest, x, clock: () => clock.t }, 's1');

const session = () => db.query.twitterPollingSessions.findFirst({ where: eq(twitterPollingSessions.id, 's1') });
const items = () => newsDb.select().from(newsItems).where(eq(newsItems.sourceKind, 'twitter'));
const searches = () => fake.callsTo(/search\/recent$/);

beforeAll(async () => {
  await db.insert(twitterHandles).values([
    { id: 'h-guru', handle: 'WatcherGuru', createdAt: T0 },
    { id: 'h-tier', handle: 'tier10k', createdAt: T0 },
  ]);
  await insertTwitterSession({
    id: 's1',
    name: 'Always',
    handleIds: ['h-guru', 'h-tier'],
    intervalSeconds: 15,
    createdAt: T0,
  });
  fake.post('WatcherGuru', 'JUST IN: $BTC breaks $100,000 & keeps going');
  fake.post('tier10k', '[DJ] Fed leaves rates unchanged');
  fake.post('elsewhere', 'Someone we do not follow');
});

describe('a twitter polling session poller', () => {
  it('without X_BEARER_TOKEN stops and says so in the session, reading nothing', async () => {
    const off = twitterSessionPoller({ db, ingest, x: null }, 's1');
    expect((await off.poll(T0)).stop).toEqual({ state: 'off', reason: X_TOKEN_MISSING });
    expect(await session()).toMatchObject({ lastError: X_TOKEN_MISSING });
    expect(fake.requests).toHaveLength(0);
  });

  it('reads every handle with one recent-search request and ingests each post as twitter:<handle>', async () => {
    const outcome = await poller.poll(T0);
    expect(outcome).toMatchObject({ ok: true, state: 'polling', intervalMs: 15_000, stored: 2, requests: 1 });
    expect(searches()).toHaveLength(1);
    expect(searches()[0]!.params.get('query')).toBe('(from:WatcherGuru OR from:tier10k) -is:retweet -is:reply');
    expect(searches()[0]!.params.get('since_id')).toBeNull();
    const rows = await items();
    expect(rows.map((r) => [r.sourceId, r.author, r.title])).toEqual(
      expect.arrayContaining([
        ['twitter:WatcherGuru', '@WatcherGuru', 'JUST IN: $BTC breaks $100,000 & keeps going'],
        ['twitter:tier10k', '@tier10k', '[DJ] Fed leaves rates unchanged'],
      ]),
    );
    expect(rows.find((r) => r.sourceId === 'twitter:WatcherGuru')).toMatchObject({
      symbols: ['BTC'],
      publishedAt: T0,
      url: expect.stringMatching(/^https:\/\/x\.com\/WatcherGuru\/status\/\d+$/),
    });
    expect((await session())!.cursors).toEqual({ 'h-guru': fake.tweets[1]!.id, 'h-tier': fake.tweets[1]!.id });
  });

  it('reads only posts after the cursor next time: no duplicates', async () => {
    fake.post('WatcherGuru', 'Ethereum ETF sees record inflows');
    fake.post('tier10k', 'Solana outage halts block production');
    clock.t = T0 + 15_000;
    expect(await poller.poll(clock.t)).toMatchObject({ ok: true, stored: 2, requests: 1 });
    expect(searches().at(-1)!.params.get('since_id')).toBe(fake.tweets[1]!.id);
    expect(await items()).toHaveLength(4);
    // the same posts again (a restart before the cursor was saved) are not stored twice
    await db.update(twitterPollingSessions).set({ cursors: {} }).where(eq(twitterPollingSessions.id, 's1'));
    poller.invalidate();
    expect(await poller.poll(T0 + 30_000)).toMatchObject({ stored: 0 });
    expect(await items()).toHaveLength(4);
  });

  it('a 429 parks the session until the reset X announced; the poller asks to wait until then', async () => {
    clock.t = T0 + 45_000;
    const resetAt = Math.floor((T0 + 600_000) / 1000);
    fake.failNext({ type: 'rate-limit', resetAt }, { path: /search\/recent$/ });
    const limited = await poller.poll(clock.t);
    expect(limited).toMatchObject({
      ok: false,
      state: 'rate-limited',
      rateLimitedUntil: resetAt * 1000,
      notBefore: resetAt * 1000,
      error: expect.stringContaining('X rate limit reached'),
    });
    const before = fake.requests.length;
    expect(await poller.poll(T0 + 400_000)).toMatchObject({ state: 'rate-limited', requests: 0 });
    expect(fake.requests.length).toBe(before);
    fake.post('tier10k', 'Binance will list SUI perpetuals');
    clock.t = resetAt * 1000;
    expect(await poller.poll(clock.t)).toMatchObject({ ok: true, state: 'polling', stored: 1 });
  });

  it('a window used up (remaining 0) waits for its reset rather than earn a 429', async () => {
    fake.rateLimit = 0;
    // the fake answers 429 once the window is spent: the poller parks until x-rate-limit-reset
    const outcome = await poller.poll(clock.t + 15_000);
    expect(outcome.state).toBe('rate-limited');
    expect(outcome.notBefore).toBeGreaterThan(clock.t);
    fake.rateLimit = 900;
  });

  it('outside the active UTC window it waits for the window, reading nothing', async () => {
    await db
      .update(twitterPollingSessions)
      .set({ activeFromUtc: '13:00', activeToUtc: '14:00', rateLimitedUntil: null })
      .where(eq(twitterPollingSessions.id, 's1'));
    const fresh = twitterSessionPoller({ db, ingest, x, clock: () => clock.t }, 's1');
    const before = fake.requests.length;
    const waiting = await fresh.poll(Date.UTC(2026, 10, 21, 12, 59));
    expect(waiting).toMatchObject({ state: 'waiting', notBefore: Date.UTC(2026, 10, 21, 13, 0), requests: 0 });
    expect(fake.requests.length).toBe(before);
    expect(await fresh.poll(Date.UTC(2026, 10, 21, 13, 0))).toMatchObject({ state: 'polling', requests: 1 });
  });

  it('handles beyond the query length are read in as few requests as fit', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      id: `h-many-${i}`,
      handle: `handle_num_${String(i).padStart(2, '0')}`,
      createdAt: T0,
    }));
    for (let i = 0; i < many.length; i += 10) await db.insert(twitterHandles).values(many.slice(i, i + 10));
    await insertTwitterSession({
      id: 's-many',
      name: 'Many',
      handleIds: many.map((h) => h.id),
      createdAt: T0,
    });
    const before = searches().length;
    const outcome = await twitterSessionPoller({ db, ingest, x, clock: () => clock.t }, 's-many').poll(clock.t);
    expect(outcome).toMatchObject({ ok: true, requests: 2 });
    const sent = searches().slice(before);
    expect(sent).toHaveLength(2);
    expect(sent.every((r) => r.params.get('query')!.length <= 512)).toBe(true);
  });
});
