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
      const data = /event: message\ndata: (.*)\n\n/.exec(text)![1]!;
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

  it('the procedure itself still streams values when called directly', async () => {
    const session = { sub: trader.id, role: 'user', approved: true, isRiskTeam: false, can_use_terminal: false } as Session;
    const iterator = await call(router.streamAccount, { email }, {
      context: { env: env as Bindings, db, session, requestId: 'test', url: ORIGIN },
    });
    const first = await iterator.next();
    expect(first.value).toMatchObject({ type: 'snapshot' });
    await iterator.return?.(undefined);
  });
});

