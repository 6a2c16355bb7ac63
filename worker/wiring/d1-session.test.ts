import { createORPCClient } from '@orpc/client';
import { RPCLink } from '@orpc/client/fetch';
import type { ContractRouterClient } from '@orpc/contract';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Contract } from '../contract';
import { insertUser, ORIGIN, rpcClient, signedInJar } from '../test/harness';
import { countingD1, newRoundCounter } from '../test/d1-rounds';
import worker from '../index';
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, bookmarkOf, NEWS_BOOKMARK } from './d1-session';

/**
 * D1 sessions per request (d1-session.ts): the answer carries the session's bookmark (header and
 * cookie), the next request starts its session there, so a trader reads their own writes even when
 * a replica answers. Locally there is one database; what is checked is that the bookmark travels.
 */
/** The env with one D1 binding whose sessions are noted: `opened` lists the bookmark each started from. */
function spyOnSessions(name: 'DB' | 'NEWS_DB') {
  const opened: (string | undefined)[] = [];
  const d1 = env[name];
  const spied = {
    ...env,
    [name]: new Proxy(d1, {
      get: (t, k) => (k === 'withSession' ? (b?: string) => (opened.push(b), t.withSession(b)) : Reflect.get(t, k, t)),
    }),
  };
  return { opened, spied };
}

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
    const { opened, spied } = spyOnSessions('DB');
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

  it('the news feed reads NEWS_DB through a session of its own, from its own bookmark', async () => {
    const user = await insertUser();
    const jar = await signedInJar(user);
    const { opened, spied } = spyOnSessions('NEWS_DB');
    const answers: Response[] = [];
    const client = (headers: Record<string, string>) =>
      createORPCClient<ContractRouterClient<Contract>>(
        new RPCLink({
          url: `${ORIGIN}/api/rpc`,
          headers: () => ({ cookie: jar.header(), ...headers }),
          fetch: async (request) => {
            const response = await worker.fetch(
              new Request(request),
              spied as never,
              { waitUntil() {}, passThroughOnException() {} } as never,
            );
            answers.push(response.clone());
            return response;
          },
        }),
      );
    await client({}).getHistoricalNews({ search: 'bitcoin' });
    const news = answers[0]!.headers.get(NEWS_BOOKMARK.header)!;
    expect(news).toMatch(/^[0-9a-z-]+$/i);
    expect(answers[0]!.headers.getSetCookie().some((c) => c.startsWith(`${NEWS_BOOKMARK.cookie}=${news};`))).toBe(true);
    // The main database's bookmark travels beside it, under its own name.
    const main = answers[0]!.headers.get(BOOKMARK_HEADER)!;
    await client({ [NEWS_BOOKMARK.header]: news, [BOOKMARK_HEADER]: main }).getHistoricalNews({});
    expect(opened).toEqual(['first-unconstrained', news]);
    const cookie = `${BOOKMARK_COOKIE}=00-main; ${NEWS_BOOKMARK.cookie}=00-news`;
    expect(bookmarkOf(new Request(ORIGIN, { headers: { cookie } }), NEWS_BOOKMARK)).toBe('00-news');
    expect(bookmarkOf(new Request(ORIGIN, { headers: { cookie } }))).toBe('00-main');
  });

  it('a counted session still counts its rounds', async () => {
    const counter = newRoundCounter();
    const session = countingD1(env.DB, counter).withSession('first-primary');
    await session.prepare('select 1').first();
    expect(counter.rounds).toBe(1);
  });
});
