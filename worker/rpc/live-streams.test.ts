import { env, exports } from 'cloudflare:workers';
import { call } from '@orpc/server';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exchangeAccounts } from '../db/schema/accounts';
import type { UserRow } from '../db/schema/users';
import type { Session } from '../domains/auth/access';
import { setAssignment, syncAccountsFromExchange } from '../domains/accounts/manage-accounts';
import type { Bindings } from '../env';
import { SimulatedExchange } from '../exchanges/simulated/adapter';
import { db, ORIGIN, signedInJar, insertUser } from '../test/harness';
import { router } from './router';

let trader: UserRow;

beforeAll(async () => {
  trader = await insertUser({ email: 'trader@live-streams.test', name: 'Trader' });
  await syncAccountsFromExchange(db, 'simulated', new SimulatedExchange());
  const main = await db.query.exchangeAccounts.findFirst({ where: eq(exchangeAccounts.email, 'trader-main@sim.meridian') });
  await setAssignment(db, { userId: trader.id, accountId: main!.id, assigned: true });
});

describe('live stream pass-through', () => {
  const email = 'trader-main@sim.meridian';

  it("hands the hub's bytes over in oRPC's event-stream format, on POST and on GET", async () => {
    const jar = await signedInJar(trader);
    const post = await exports.default.fetch(`${ORIGIN}/api/rpc/streamAccount`, {
      method: 'POST',
      headers: { cookie: jar.header(), 'content-type': 'application/json' },
      body: JSON.stringify({ json: { email } }),
    });
    const get = await exports.default.fetch(
      `${ORIGIN}/api/rpc/streamAccount?data=${encodeURIComponent(JSON.stringify({ json: { email } }))}`,
      { headers: { cookie: jar.header() } },
    );
    for (const res of [post, get]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream');
      // Only the pass-through sets this (oRPC's own event-stream response does not): the fast path ran.
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('data: ')) text += (await reader.read()).value;
      while (!text.includes('\n\n', text.indexOf('data: '))) text += (await reader.read()).value;
      // The same framing oRPC's own handler writes: an opening comment, then `message` events.
      expect(text.startsWith(': \n\n')).toBe(true);
      // Every event carries its id in order (a client resumes with Last-Event-ID).
      const data = /event: message\nid: [0-9a-f]{8}-\d+\ndata: (.*)\n\n/.exec(text)![1]!;
      expect(JSON.parse(data)).toMatchObject({ json: { type: 'snapshot', metrics: { totalBalance: expect.any(Number) } } });
      await reader.cancel();
    }
  });

  it('leaves refusals and bad input to the procedure, which answers with the catalogue error', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/api/rpc/streamAccount`, {
      method: 'POST',
      headers: { cookie: (await signedInJar(trader)).header(), 'content-type': 'application/json' },
      body: JSON.stringify({ json: { email: 'not an email' } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { json: { code: string } }).json.code).toBe('BAD_REQUEST');
    const anonymous = await exports.default.fetch(`${ORIGIN}/api/rpc/streamAccount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { email } }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('streamNews: forwards Last-Event-ID to the hub (exact resume) and the garbage/test opt-out (server-side filter)', async () => {
    const jar = await signedInJar(trader);
    const open = (input: unknown, lastEventId?: string) =>
      exports.default.fetch(`${ORIGIN}/api/rpc/streamNews?data=${encodeURIComponent(JSON.stringify({ json: input }))}`, {
        headers: { cookie: jar.header(), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      });
    const messages = (res: Response) => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      return {
        take: async (n: number) => {
          const found = () => [...text.matchAll(/event: (\w+)\n(?:id: (.*)\n)?data: (.*)\n\n/g)];
          while (found().length < n) text += (await reader.read()).value;
          return found().map((m) => ({ event: m[1], id: m[2], data: JSON.parse(m[3]!).json }));
        },
        cancel: () => reader.cancel(),
      };
    };
    const hub = env.NEWS_HUB.getByName('global');
    const item = (id: number, flags: { isGarbage?: boolean; isTest?: boolean }) => ({
      id,
      ts: id,
      receivedAt: id,
      sourceId: 's',
      sourceKind: 'rss',
      author: null,
      title: `pass-through ${id}`,
      body: null,
      url: null,
      symbols: [],
      importance: 'low' as const,
      isGarbage: false,
      isTest: false,
      onePctMovement: false,
      ...flags,
    });
    const clean = messages(await open({ excludeGarbage: true, excludeTestNews: true }));
    const all = messages(await open(undefined));
    const soon = Promise.all([clean.take(2), all.take(4)]);
    for (const [id, flags] of [
      [901, {}],
      [902, { isGarbage: true }],
      [903, { isTest: true }],
      [904, {}],
    ] as const)
      await hub.publish(item(id, flags));
    const [cleanSeen, allSeen] = await soon;
    expect(cleanSeen.map((m) => m.data.id)).toEqual([901, 904]);
    expect(allSeen.map((m) => m.data.id)).toEqual([901, 902, 903, 904]);
    await Promise.all([clean.cancel(), all.cancel()]);

    // Resuming after the first item: exactly the rest, with the same ids.
    const resumed = messages(await open(undefined, allSeen[0]!.id));
    expect(await resumed.take(3)).toEqual(allSeen.slice(1));
    await resumed.cancel();
    const reset = messages(await open(undefined, '00000000-5'));
    expect(await reset.take(1)).toMatchObject([{ event: 'error', data: { code: 'STREAM_RESET' } }]);
  });

  it('the procedure itself still streams values when called directly', async () => {
    const session = { sub: trader.id, role: 'user', approved: true, isRiskTeam: false, can_use_terminal: false } as Session;
    const iterator = await call(
      router.streamAccount,
      { email },
      {
        context: { env: env as Bindings, db, session, requestId: 'test', url: ORIGIN, ip: 'test' },
      },
    );
    const first = await iterator.next();
    expect(first.value).toMatchObject({ type: 'snapshot' });
    await iterator.return?.(undefined);
  });
});
