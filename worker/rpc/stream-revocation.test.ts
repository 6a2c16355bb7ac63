import { exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exchangeAccounts } from '../db/schema/accounts';
import { users, type UserRow } from '../db/schema/users';
import { claimsFromUser } from '../domains/auth/claims';
import { signAccessToken } from '../domains/auth/jwt';
import { startSession } from '../domains/auth/sessions';
import { setAssignment, syncAccountsFromExchange } from '../domains/accounts/manage-accounts';
import { SimulatedExchange } from '../exchanges/simulated/adapter';
import { ACCESS_COOKIE } from '../http/auth/cookies';
import { CookieJar, config, db, insertUser, ORIGIN, postJson, signedInJar } from '../test/harness';

const EMAIL = 'trader-main@sim.meridian';
let accountId: string;

beforeAll(async () => {
  await syncAccountsFromExchange(db, 'simulated', new SimulatedExchange());
  accountId = (await db.query.exchangeAccounts.findFirst({ where: eq(exchangeAccounts.email, EMAIL) }))!.id;
});

async function traderOnAccount(): Promise<UserRow> {
  const trader = await insertUser();
  await setAssignment(db, { userId: trader.id, accountId, assigned: true });
  return trader;
}

/** Opens a stream as the browser does (the pass-through path) and waits for its first byte. */
async function openStream(jar: CookieJar, name: 'streamAccount' | 'streamAlerts' | 'streamNews', input?: unknown) {
  const res = await exports.default.fetch(`${ORIGIN}/api/rpc/${name}`, {
    method: 'POST',
    headers: { cookie: jar.header(), 'content-type': 'application/json' },
    body: JSON.stringify(input === undefined ? {} : { json: input }),
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  await reader.read();
  return reader;
}

/** Reads until the stream ends; fails when it is still open after `ms`. Returns the seconds it took. */
async function endsWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<number> {
  const started = Date.now();
  const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms));
  for (;;) {
    const next = await Promise.race([reader.read(), timeout]);
    if (next === 'open') {
      await reader.cancel();
      throw new Error(`stream still open after ${ms} ms`);
    }
    if (next.done) return (Date.now() - started) / 1000;
  }
}

describe('open streams end with the access they were opened with (security point 3)', () => {
  it('an account stream ends within seconds of sign-out', async () => {
    const jar = await signedInJar(await traderOnAccount());
    const reader = await openStream(jar, 'streamAccount', { email: EMAIL });
    expect((await postJson('/api/auth/sign-out', {}, { cookie: jar.header() })).status).toBe(200);
    expect(await endsWithin(reader, 8000)).toBeLessThan(8);
  });

  it('an account stream ends within seconds of unassignment; another viewer keeps theirs', async () => {
    const leaving = await traderOnAccount();
    const staying = await traderOnAccount();
    const gone = await openStream(await signedInJar(leaving), 'streamAccount', { email: EMAIL });
    const kept = await openStream(await signedInJar(staying), 'streamAccount', { email: EMAIL });
    await setAssignment(db, { userId: leaving.id, accountId, assigned: false });
    expect(await endsWithin(gone, 8000)).toBeLessThan(8);
    // The other viewer still receives (the next poll's event arrives).
    const next = await kept.read();
    expect(next.done).toBe(false);
    await kept.cancel();
  });

  it('alert and news streams end within seconds of the user being disabled', async () => {
    const trader = await traderOnAccount();
    const jar = await signedInJar(trader);
    const alerts = await openStream(jar, 'streamAlerts');
    const news = await openStream(jar, 'streamNews');
    await db.update(users).set({ disabled: true }).where(eq(users.id, trader.id));
    expect(await endsWithin(alerts, 8000)).toBeLessThan(8);
    expect(await endsWithin(news, 8000)).toBeLessThan(8);
  });

  it("lives no longer than the access token it was opened with", async () => {
    const trader = await traderOnAccount();
    const issued = await startSession(db, trader.id, 30);
    const { token, expiresAt } = await signAccessToken(claimsFromUser(trader, issued.sessionId), {
      ...config,
      ACCESS_TOKEN_TTL_SECONDS: 2,
    });
    const jar = new CookieJar();
    jar.cookies.set(ACCESS_COOKIE, token);
    const reader = await openStream(jar, 'streamAccount', { email: EMAIL });
    await endsWithin(reader, 8000);
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt - 50);
  });
});
