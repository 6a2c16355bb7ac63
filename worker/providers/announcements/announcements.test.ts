import { describe, expect, it } from 'vitest';
import { FakeBybit, FakeOkx } from '../../test/fakes/fake-announcements';
import { FakeBinanceAnnouncements, binanceAnnouncementMessage } from '../../test/fakes/fake-binance-announcements';
import type { DomainError } from '../../lib/domain-error';
import { BybitAnnouncements } from './bybit';
import { OkxAnnouncements } from './okx';
import { openAnnouncementsSocket, parseBinanceSocketMessage, signedAnnouncementsUrl } from './binance-ws';

const T = Date.UTC(2026, 10, 21, 9);
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as DomainError;
  }
  throw new Error('expected a failure');
};

describe('Bybit announcements', () => {
  const fake = new FakeBybit(() => T);
  const client = new BybitAnnouncements({ baseUrl: 'https://bybit.fake.test', fetch: fake.fetch, now: () => T });

  it('reads the documented shape, newest first, with locale and limit', async () => {
    fake.publish({ title: 'New Listing: FOO/USDT', description: 'Trading opens at 10:00 UTC', publishTime: T - 5_000 });
    fake.publish({ title: 'Delisting of BAR/USDT', type: { title: 'Delistings', key: 'delistings' }, publishTime: T - 1_000 });
    const page = await client.latest();
    expect(fake.requests.at(-1)!.params.get('locale')).toBe('en-US');
    expect(fake.requests.at(-1)!.params.get('limit')).toBe('20');
    expect(page.items.map((i) => [i.title, i.typeKey, i.publishedAt])).toEqual([
      ['Delisting of BAR/USDT', 'delistings', T - 1_000],
      ['New Listing: FOO/USDT', 'new_crypto', T - 5_000],
    ]);
    expect(page.items[1]).toMatchObject({ exchange: 'bybit', body: 'Trading opens at 10:00 UTC', typeTitle: 'New Listings' });
    expect(page.items[1]!.id).toBe(page.items[1]!.url);
  });

  it('maps its limiter (retCode 10006, HTTP 403) to TOO_MANY_REQUESTS with a retry time; other errors to BAD_GATEWAY', async () => {
    fake.failNext({ type: 'rate-limit' });
    expect(await failure(client.latest())).toMatchObject({ code: 'TOO_MANY_REQUESTS', data: { retryAt: T + 1_000 } });
    fake.limitPer5s = 0;
    expect(await failure(client.latest())).toMatchObject({ code: 'TOO_MANY_REQUESTS', data: { retryAt: T + 600_000 } });
    fake.limitPer5s = 600;
    fake.failNext({ type: 'error-code' });
    expect(await failure(client.latest())).toMatchObject({ code: 'BAD_GATEWAY', message: expect.stringContaining('10001') });
    fake.failNext({ type: 'http', status: 502 });
    expect(await failure(client.latest())).toMatchObject({ code: 'BAD_GATEWAY', data: { retryable: true } });
    fake.failNext({ type: 'timeout' });
    expect(await failure(client.latest())).toMatchObject({ code: 'GATEWAY_TIMEOUT' });
  });
});

describe('OKX announcements', () => {
  const clock = { t: T };
  const fake = new FakeOkx(() => clock.t);
  const client = new OkxAnnouncements({ baseUrl: 'https://okx.fake.test', fetch: fake.fetch, now: () => clock.t });

  it('reads data[0].details with pTime as the publish time, in English, conditionally', async () => {
    fake.publish({ title: 'OKX to list FOO (FOO) for spot trading', pTime: T - 2_000 });
    const page = await client.latest();
    expect(fake.requests.at(-1)!.headers.get('Accept-Language')).toBe('en-US');
    expect(page.items).toEqual([
      expect.objectContaining({
        exchange: 'okx',
        title: 'OKX to list FOO (FOO) for spot trading',
        typeKey: 'announcements-new-listings',
        publishedAt: T - 2_000,
      }),
    ]);
    expect(page.etag).toBeTruthy();
    clock.t += 2_000;
    const again = await client.latest({ etag: page.etag });
    expect(again).toEqual({ items: [], notModified: true, etag: page.etag });
    expect(fake.requests.at(-1)!.headers.get('If-None-Match')).toBe(page.etag);
  });

  it('5 requests per 2 s per IP: the 6th is a rate limit (429, code 50011)', async () => {
    clock.t += 10_000;
    for (let i = 0; i < 5; i++) await client.latest();
    expect(await failure(client.latest())).toMatchObject({ code: 'TOO_MANY_REQUESTS', data: { retryAt: clock.t + 2_000 } });
    clock.t += 2_000;
    await expect(client.latest()).resolves.toBeTruthy();
  });
});

describe('Binance announcements WebSocket', () => {
  const keys = { apiKey: 'k'.repeat(64), apiSecret: 's'.repeat(64) };

  it('signs the connection URL over the sorted parameters', async () => {
    const url = new URL(await signedAnnouncementsUrl({ ...keys, url: 'wss://api.binance.com/sapi/wss', now: () => T }, 'abc123'));
    expect([...url.searchParams.keys()]).toEqual(['random', 'recvWindow', 'timestamp', 'topic', 'signature']);
    expect(url.searchParams.get('topic')).toBe('com_announcement_en');
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('connects with the key header; a bad key or clock is refused with a clear message; 429 waits', async () => {
    const fake = new FakeBinanceAnnouncements(keys);
    const socket = await openAnnouncementsSocket({ ...keys, url: 'wss://binance.fake.test/sapi/wss', fetch: fake.fetch });
    expect(fake.sockets.size).toBe(1);
    const got: string[] = [];
    socket.addEventListener('message', (e) => got.push(String(e.data)));
    fake.publish({ title: 'Binance Will List Foo (FOO)' });
    await new Promise((r) => setTimeout(r, 10));
    expect(got).toHaveLength(1);
    socket.close();

    const badKey = await failure(
      openAnnouncementsSocket({ ...keys, apiKey: 'wrong', url: 'wss://binance.fake.test/sapi/wss', fetch: fake.fetch }),
    );
    expect(badKey).toMatchObject({ code: 'BAD_GATEWAY', data: { httpStatus: 401, retryable: false } });
    expect(badKey.message).toContain('Invalid API-key');
    const skewed = await failure(
      openAnnouncementsSocket({
        ...keys,
        url: 'wss://binance.fake.test/sapi/wss',
        fetch: fake.fetch,
        now: () => Date.now() - 120_000,
      }),
    );
    expect(skewed.message).toContain('recvWindow');
    fake.failNext({ type: 'rate-limit' });
    expect(
      await failure(openAnnouncementsSocket({ ...keys, url: 'wss://binance.fake.test/sapi/wss', fetch: fake.fetch })),
    ).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      data: { retryAt: expect.any(Number) },
    });
  });

  it('parses a DATA push (data is a JSON string) and a COMMAND answer', () => {
    const push = parseBinanceSocketMessage(
      binanceAnnouncementMessage({
        catalogId: 161,
        catalogName: 'Delisting',
        title: 'Notice of Removal of Spot Trading Pairs',
        publishDate: T,
      }),
      T + 300,
    );
    expect(push).toEqual({
      type: 'announcement',
      announcement: expect.objectContaining({
        exchange: 'binance',
        typeKey: '161',
        typeTitle: 'Delisting',
        publishedAt: T,
        url: 'https://www.binance.com/en/support/announcement/list/161',
      }),
    });
    expect(parseBinanceSocketMessage('{"type":"COMMAND","subType":"SUBSCRIBE","data":"SUCCESS","code":"00000000"}', T)).toEqual({
      type: 'command',
      subType: 'SUBSCRIBE',
      ok: true,
      detail: 'SUCCESS',
    });
    expect(parseBinanceSocketMessage('not json', T)).toEqual({ type: 'unknown' });
    expect(parseBinanceSocketMessage('{"type":"DATA","data":"{\\"nope\\":1}"}', T)).toEqual({ type: 'unknown' });
  });
});
