import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema/users';
import { insertUser, signedInJar, type CookieJar } from '../test/harness';
import { callFn, issuePaths } from './news-test-client';

const DEFAULTS = {
  sounds: { critical: true, high: true, medium: false, low: false },
  desktopNotifications: false,
  defaultFilters: {},
  timeFormat: '24h',
  highlightNew: true,
};

let alice: UserRow;
let aliceJar: CookieJar;
let bobJar: CookieJar;

beforeAll(async () => {
  alice = await insertUser({ email: 'alice@news-settings.test' });
  aliceJar = await signedInJar(alice);
  bobJar = await signedInJar(await insertUser({ email: 'bob@news-settings.test' }));
});

describe('getNewsSettings / updateNewsSettings', () => {
  it('answers the defaults before anything is saved', async () => {
    const res = await callFn('getNewsSettings', aliceJar);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULTS);
  });

  it('merges a partial update (sounds per level, filters as a whole) and returns the full settings', async () => {
    const first = await callFn('updateNewsSettings', aliceJar, {
      sounds: { low: true, critical: false },
      timeFormat: '12h',
      defaultFilters: { importance: ['critical', 'high', 'critical'], symbols: [' btc', 'ETH'], onePctMovement: true },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      ...DEFAULTS,
      sounds: { critical: false, high: true, medium: false, low: true },
      timeFormat: '12h',
      defaultFilters: { importance: ['critical', 'high'], symbols: ['BTC', 'ETH'], onePctMovement: true },
    });
    const second = await callFn('updateNewsSettings', aliceJar, { highlightNew: false, defaultFilters: { sources: ['rss'] } });
    expect(second.body).toMatchObject({
      sounds: { critical: false, high: true, medium: false, low: true },
      timeFormat: '12h',
      highlightNew: false,
      defaultFilters: { sources: ['rss'] },
    });
    expect((await callFn('getNewsSettings', aliceJar)).body).toEqual(second.body);
  });

  it("keeps each user's settings to themselves", async () => {
    await callFn('updateNewsSettings', aliceJar, { desktopNotifications: true });
    expect((await callFn('getNewsSettings', bobJar)).body).toEqual(DEFAULTS);
  });

  it('refuses malformed input with 400 and field issues, changing nothing', async () => {
    const before = (await callFn('getNewsSettings', aliceJar)).body;
    const res = await callFn('updateNewsSettings', aliceJar, {
      timeFormat: '13h',
      sounds: { critical: 'yes' },
      defaultFilters: { importance: ['urgent'], symbols: ['BTC-USD'] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    expect(issuePaths(res.body).sort()).toEqual([
      'defaultFilters.importance.0',
      'defaultFilters.symbols.0',
      'sounds.critical',
      'timeFormat',
    ]);
    expect((await callFn('getNewsSettings', aliceJar)).body).toEqual(before);
  });

  it("cannot target another user's settings: a userId field is refused", async () => {
    const res = await callFn('updateNewsSettings', bobJar, { userId: alice.id, timeFormat: '12h' });
    expect(res.status).toBe(400);
    expect((await callFn('getNewsSettings', bobJar)).body).toEqual(DEFAULTS);
  });

  it('needs an approved session: 401 anonymous, 403 unapproved', async () => {
    expect((await callFn('getNewsSettings', undefined)).status).toBe(401);
    const pending = await signedInJar(await insertUser({ approved: false }));
    expect((await callFn('getNewsSettings', pending)).status).toBe(403);
    expect((await callFn('updateNewsSettings', pending, { timeFormat: '12h' })).status).toBe(403);
  });

  it('is a GET to read and a POST to change', async () => {
    expect((await callFn('getNewsSettings', aliceJar, undefined, 'POST')).status).toBe(405);
    expect((await callFn('updateNewsSettings', aliceJar, undefined, 'GET')).status).toBe(405);
  });
});
