import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { insertUser, ORIGIN, rpcClient, signedInJar } from '../test/harness';
import { countingD1, newRoundCounter } from '../test/d1-rounds';
import worker from '../index';
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, bookmarkOf } from './d1-session';

/**
 * D1 sessions per request (d1-session.ts): the answer carries the session's bookmark (header and
 * cookie), the next request starts its session there, so a trader reads their own writes even when
 * a replica answers. Locally there is one database; what is checked is that the bookmark travels.
 */
describe('D1 session bookmarks', () => {
  it('local workerd supports withSession and gives a bookmark after a query', async () => {
    const session = env.DB.withSession('first-unconstrained');
    await session.prepare('select 1').first();
    expect(session.getBookmark()).toMatch(/^[0-9a-z-]+$/i);
  });

  it('a write answers with a bookmark; the next read starts from it and sees the write', async () => {
    const user = await insertUser();
    const jar = await signedInJar(user);
    const client = rpcClient(jar);
    await client.updateDashboardPrefs({ panes: { notional: false }, positionsUpnlMode: 'percent' } as never);
    const bookmark = jar.cookies.get(BOOKMARK_COOKIE);
    expect(bookmark).toMatch(/^[0-9a-z-]+$/i);
    const prefs = await client.getDashboardPrefs();
    expect(prefs).toMatchObject({ panes: { notional: false }, positionsUpnlMode: 'percent' });
  });

  it('the next request opens its session at the bookmark it was sent', async () => {
    const user = await insertUser();
    const jar = await signedInJar(user);
    const opened: (string | undefined)[] = [];
    const spied = {
      ...env,
      DB: new Proxy(env.DB, {
        get: (t, k) => (k === 'withSession' ? (b?: string) => (opened.push(b), t.withSession(b)) : Reflect.get(t, k, t)),
      }),
    };
    const call = (headers: Record<string, string>) =>
      worker.fetch(
        new Request(`${ORIGIN}/api/rpc/getDashboardPrefs`, { headers: { cookie: jar.header(), ...headers } }),
        spied as never,
        { waitUntil() {}, passThroughOnException() {} } as never,
      );
    const first = await call({});
    const bookmark = first.headers.get(BOOKMARK_HEADER)!;
    expect(bookmark).toBeTruthy();
    await call({ [BOOKMARK_HEADER]: bookmark });
    expect(opened).toContain('first-unconstrained');
    expect(opened).toContain(bookmark);
    // The fresh check reads the primary, whatever bookmark the caller sent.
    expect(bookmarkOf(new Request(ORIGIN, { headers: { cookie: `a=b; ${BOOKMARK_COOKIE}=00-ab; c=d` } }))).toBe('00-ab');
    expect(bookmarkOf(new Request(ORIGIN, { headers: { [BOOKMARK_HEADER]: 'x; drop table' } }))).toBeUndefined();
  });

  it('a counted session still counts its rounds', async () => {
    const counter = newRoundCounter();
    const session = countingD1(env.DB, counter).withSession('first-primary');
    await session.prepare('select 1').first();
    expect(counter.rounds).toBe(1);
  });
});
