import { describe, expect, it } from 'vitest';
import { FakeX } from '../../test/fakes/fake-x';
import { XClient, compareIds, snowflakeTime, type XConfig } from './client';

const TOKEN = 'AAAA-test-bearer';
const NOW = 1_750_000_000_000;
const BASE = 'https://x.fake.test';

function setup(config: Partial<XConfig> = {}) {
  let clock = NOW;
  const now = () => clock;
  const server = new FakeX({
    bearerToken: TOKEN,
    now,
    users: [
      { id: '44196397', username: 'elonmusk', name: 'Elon Musk' },
      { id: '1333467482', username: 'WatcherGuru', name: 'Watcher.Guru' },
    ],
  });
  const client = new XClient({ baseUrl: `${BASE}/`, bearerToken: TOKEN, fetch: server.fetch, now, ...config });
  return { server, client, advance: (ms: number) => (clock += ms) };
}

describe('XClient.lookupUser', () => {
  it('resolves a handle to the user id with the bearer token', async () => {
    const { server, client } = setup();
    expect(await client.lookupUser('@WatcherGuru')).toEqual({ id: '1333467482', username: 'WatcherGuru', name: 'Watcher.Guru' });
    expect(server.requests[0]).toMatchObject({ path: '/2/users/by/username/WatcherGuru', authorization: `Bearer ${TOKEN}` });
  });

  it('maps an unknown handle (X answers 200 with errors) to NOT_FOUND', async () => {
    const { client } = setup();
    await expect(client.lookupUser('nobody_here')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'X has no user @nobody_here.',
      data: { provider: 'x', problem: 'resource-not-found', permanent: true },
    });
  });

  it('refuses an invalid handle before spending a request', async () => {
    const { server, client } = setup();
    await expect(client.lookupUser('not a handle')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('XClient.userTimeline', () => {
  it('sends the documented parameters', async () => {
    const { server, client } = setup();
    server.post('WatcherGuru', 'hello');
    await client.userTimeline('1333467482', { sinceId: '1', maxResults: 5 });
    const { params, authorization } = server.callsTo(/tweets$/)[0]!;
    expect(authorization).toBe(`Bearer ${TOKEN}`);
    expect(Object.fromEntries(params)).toEqual({
      max_results: '5',
      since_id: '1',
      exclude: 'retweets,replies',
      'tweet.fields': 'created_at,entities,referenced_tweets',
      expansions: 'author_id',
    });
  });

  it('advances the since-id cursor across polls with no duplicates, comparing ids as numbers', async () => {
    const { server, client, advance } = setup();
    const first = [server.post('WatcherGuru', 'JUST IN: BTC > $100k & rising'), server.post('WatcherGuru', 'ETH ETF flows')];
    server.post('elonmusk', 'not this user');

    const poll1 = await client.userTimeline('1333467482', { maxResults: 10 });
    expect(poll1.tweets.map((t) => t.id)).toEqual(first.map((t) => t.id));
    expect(poll1.tweets[0]).toEqual({
      id: first[0]!.id,
      text: 'JUST IN: BTC > $100k & rising',
      createdAt: NOW,
      authorId: '1333467482',
      authorUsername: 'WatcherGuru',
      url: `https://x.com/WatcherGuru/status/${first[0]!.id}`,
      links: [],
      referencedTweets: [],
    });
    expect(poll1.newestId).toBe(first[1]!.id);
    expect(poll1.rateLimit).toEqual({ limit: 900, remaining: 899, resetAt: NOW + 15 * 60_000 });

    // Nothing new: no data, cursor unchanged (null), still no duplicates.
    const poll2 = await client.userTimeline('1333467482', { sinceId: poll1.newestId!, maxResults: 10 });
    expect(poll2).toMatchObject({ tweets: [], newestId: null, truncated: false });

    // Ids cross from 18 to 19 digits here: '1000…' < '999…' as strings but not as numbers.
    advance(60_000);
    const later = Array.from({ length: 12 }, (_, i) => server.post('WatcherGuru', `update ${i}`));
    expect(later.some((t) => t.id.length === 19)).toBe(true);
    const poll3 = await client.userTimeline('1333467482', { sinceId: poll1.newestId!, maxResults: 5 });
    expect(poll3.tweets.map((t) => t.id)).toEqual(later.map((t) => t.id));
    expect(poll3.newestId).toBe(later.at(-1)!.id);
    expect(poll3.truncated).toBe(false);
    expect(poll3.tweets[0]!.createdAt).toBe(NOW + 60_000);
    // 12 new posts at 5 per page: three pages, the later ones with pagination_token.
    const pages = server.callsTo(/tweets$/).slice(-3);
    expect(pages.map((r) => r.params.has('pagination_token'))).toEqual([false, true, true]);

    const seen = [...poll1.tweets, ...poll2.tweets, ...poll3.tweets].map((t) => t.id);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('reports truncation when maxPages runs out, and never backfills on a first poll', async () => {
    const { server, client } = setup();
    const base = server.post('WatcherGuru', 'base');
    for (let i = 0; i < 20; i++) server.post('WatcherGuru', `p${i}`);
    const capped = await client.userTimeline('1333467482', { sinceId: base.id, maxResults: 5, maxPages: 2 });
    expect(capped.tweets).toHaveLength(10);
    expect(capped.truncated).toBe(true);
    expect(capped.newestId).toBe(server.tweets.at(-1)!.id);

    const first = await client.userTimeline('1333467482', { maxResults: 5 });
    expect(first.tweets).toHaveLength(5);
    expect(
      server
        .callsTo(/tweets$/)
        .at(-1)!
        .params.has('pagination_token'),
    ).toBe(false);
  });

  it('drops posts at or below sinceId even if a provider ignores since_id', async () => {
    const { server } = setup();
    const old = server.post('WatcherGuru', 'old');
    const fresh = server.post('WatcherGuru', 'fresh');
    const ignoringSinceId: typeof server.fetch = (input, init) => {
      const url = new URL(new Request(input, init).url);
      url.searchParams.delete('since_id');
      return server.fetch(url, init);
    };
    const client = new XClient({ baseUrl: BASE, bearerToken: TOKEN, fetch: ignoringSinceId, now: () => NOW });
    const page = await client.userTimeline('1333467482', { sinceId: old.id });
    expect(page.tweets.map((t) => t.id)).toEqual([fresh.id]);
    expect(server.requests[0]!.params.has('since_id')).toBe(false);
  });

  it('keeps expanded links, quotes, and falls back to the snowflake time', async () => {
    const { server, client } = setup();
    server.post('WatcherGuru', 'read https://t.co/abc', {
      entities: {
        urls: [
          { start: 5, end: 21, url: 'https://t.co/abc', expanded_url: 'https://coindesk.com/x', display_url: 'coindesk.com/x' },
        ],
      },
      referenced_tweets: [{ type: 'quoted', id: '123' }],
    });
    server.post('WatcherGuru', 'a retweet', { referenced_tweets: [{ type: 'retweeted', id: '5' }] });
    server.post('WatcherGuru', 'a reply', { referenced_tweets: [{ type: 'replied_to', id: '6' }] });
    const page = await client.userTimeline('1333467482');
    expect(page.tweets).toHaveLength(1);
    expect(page.tweets[0]).toMatchObject({
      links: ['https://coindesk.com/x'],
      referencedTweets: [{ type: 'quoted', id: '123' }],
    });
    expect(snowflakeTime('1800000000000000000')).toBe(Number((1800000000000000000n >> 22n) + 1288834974657n));
    expect(compareIds('999', '1000')).toBe(-1);
  });

  it('validates its options before spending a request', async () => {
    const { server, client } = setup();
    await expect(client.userTimeline('1333467482', { maxResults: 4 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(client.userTimeline('1333467482', { maxResults: 101 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(client.userTimeline('1333467482', { sinceId: 'abc' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(client.userTimeline('../x')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('X error mapping', () => {
  it('429 → TOO_MANY_REQUESTS with retryAt = x-rate-limit-reset × 1000', async () => {
    const { server, client } = setup();
    const reset = Math.floor(NOW / 1000) + 600;
    server.failNext({ type: 'rate-limit', resetAt: reset });
    await expect(client.userTimeline('1333467482')).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
      message: `X rate limit reached: polling can resume at ${new Date(reset * 1000).toISOString()}.`,
      data: { provider: 'x', httpStatus: 429, retryAt: reset * 1000, resetKnown: true, rateLimit: { remaining: 0 } },
    });
  });

  it('the fake enforces its window; a 429 without headers falls back to one window', async () => {
    const { server, client } = setup();
    server.rateLimit = 2;
    await client.userTimeline('1333467482');
    const second = await client.userTimeline('1333467482');
    expect(second.rateLimit).toMatchObject({ limit: 2, remaining: 0 });
    await expect(client.userTimeline('1333467482')).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      data: { retryAt: second.rateLimit!.resetAt },
    });
    server.failNext({ type: 'rate-limit', withoutHeaders: true });
    await expect(client.lookupUser('elonmusk')).rejects.toMatchObject({
      data: { retryAt: NOW + 15 * 60_000, resetKnown: false },
    });
  });

  it('a usage cap says so', async () => {
    const { server, client } = setup();
    server.failNext({ type: 'rate-limit', usageCapped: true });
    await expect(client.userTimeline('1333467482')).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringContaining('usage cap'),
      data: { problem: 'usage-capped' },
    });
  });

  it('401 → BAD_GATEWAY about the bearer token', async () => {
    const { client } = setup({ bearerToken: 'wrong' });
    await expect(client.userTimeline('1333467482')).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringContaining('X_BEARER_TOKEN'),
      data: { httpStatus: 401, retryable: false },
    });
  });

  it('403 client-not-enrolled → BAD_GATEWAY about the plan', async () => {
    const { server, client } = setup();
    server.failNext({ type: 'client-forbidden' });
    await expect(client.userTimeline('1333467482')).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringContaining('not enrolled in a plan'),
      data: { httpStatus: 403, problem: 'client-forbidden', retryable: false },
    });
  });

  it('unknown user id → NOT_FOUND', async () => {
    const { client } = setup();
    await expect(client.userTimeline('999')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each([
    [{ type: 'http', status: 503 } as const, 'BAD_GATEWAY', 'X had a server error (HTTP 503). The next poll will try again.'],
    [{ type: 'network' } as const, 'BAD_GATEWAY', 'Could not reach X. The next poll will try again.'],
    [{ type: 'timeout' } as const, 'GATEWAY_TIMEOUT', 'X did not answer within 10 s. The next poll will try again.'],
  ])('%o → %s', async (failure, code, message) => {
    const { server, client } = setup();
    server.failNext(failure);
    await expect(client.userTimeline('1333467482')).rejects.toMatchObject({ code, message, data: { retryable: true } });
  });

  it('a 200 that is not JSON → BAD_GATEWAY', async () => {
    const client = new XClient({ bearerToken: TOKEN, fetch: async () => new Response('<html>captive portal</html>') });
    await expect(client.lookupUser('elonmusk')).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringContaining('unreadable'),
    });
  });
});
