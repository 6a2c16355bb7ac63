import { exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exchangeAccounts } from '../db/schema/accounts';
import { users, type UserRow } from '../db/schema/users';
import { endsWithin, openStream, type StreamName } from '../test/open-stream';
import { claimsFromUser } from '../domains/auth/claims';
import { signAccessToken } from '../domains/auth/jwt';
import { startSession } from '../domains/auth/sessions';
import { setAssignment, syncAccountsFromExchange } from '../domains/accounts/manage-accounts';
import { SimulatedExchange } from '../exchanges/simulated/adapter';
import { ACCESS_COOKIE } from '../http/auth/cookies';
import { CookieJar, config, db, enrolTotp, insertUser, ORIGIN, postJson, rpcClient, signedInJar } from '../test/harness';

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

  it('lives no longer than the access token it was opened with', async () => {
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

/**
 * A stream gated by a role or a flag carries that power in its grant, and the hub's
 * re-check (every STREAM_RECHECK_MS) reads it from D1 with the rest, so the stream ends within 5 s
 * of the power going, not at token expiry (≤ 600 s).
 */
describe('streams gated by a role or flag end within 5 s of losing it', () => {
  const lose = (id: string, set: Partial<UserRow>) => db.update(users).set(set).where(eq(users.id, id));

  it('streamPrices ends after can_use_terminal is removed; another viewer keeps theirs', async () => {
    const leaving = await insertUser({ canUseTerminal: true });
    const staying = await insertUser({ canUseTerminal: true });
    const gone = await openStream(await signedInJar(leaving), 'streamPrices', { symbols: ['BTC'] });
    const kept = await openStream(await signedInJar(staying), 'streamPrices', { symbols: ['BTC'] });
    await lose(leaving.id, { canUseTerminal: false });
    expect(await endsWithin(gone, 5000)).toBeLessThan(5);
    expect((await kept.read()).done).toBe(false);
    await kept.cancel();
  });

  it("streamRisk and streamOrders{traderId: another trader's} end after isRiskTeam is removed; own orders stay", async () => {
    const risk = await insertUser({ isRiskTeam: true, canUseTerminal: true });
    const other = await insertUser();
    const jar = await signedInJar(risk);
    const riskStream = await openStream(jar, 'streamRisk');
    const othersOrders = await openStream(jar, 'streamOrders', { traderId: other.id });
    const ownOrders = await openStream(jar, 'streamOrders', {});
    await lose(risk.id, { isRiskTeam: false });
    expect(await endsWithin(riskStream, 5000)).toBeLessThan(5);
    expect(await endsWithin(othersOrders, 5000)).toBeLessThan(5);
    // Reading your own orders needs no power: that stream outlives the check (the next keep-alive arrives).
    expect((await ownOrders.read()).done).toBe(false);
    await ownOrders.cancel();
  });

  it('streamOrders of another trader also ends when an admin (not on the risk team) is demoted', async () => {
    const admin = await insertUser({ role: 'admin' });
    const other = await insertUser();
    const stream = await openStream(await signedInJar(admin), 'streamOrders', { traderId: other.id });
    await lose(admin.id, { role: 'user' });
    expect(await endsWithin(stream, 5000)).toBeLessThan(5);
  });

  it('streamTodo ends after the admin is demoted', async () => {
    const admin = await insertUser({ role: 'admin' });
    const stream = await openStream(await signedInJar(admin), 'streamTodo');
    await lose(admin.id, { role: 'user' });
    expect(await endsWithin(stream, 5000)).toBeLessThan(5);
  });

  it('power streams end when the user removes their last second factor; with one left they stay', async () => {
    const user = await insertUser({ isRiskTeam: true, canUseTerminal: true });
    const spare = await enrolTotp(user.id, 'Spare phone');
    const jar = await signedInJar(user);
    const client = rpcClient(jar);
    const prices = await openStream(jar, 'streamPrices', { symbols: ['BTC'] });
    const risk = await openStream(jar, 'streamRisk');
    const news = await openStream(jar, 'streamNews');
    const [first] = (await client.getSecondFactors({})).factors.filter((f) => f.id !== spare);
    await client.removeSecondFactor({ id: first!.id });
    // One factor left: the next keep-alive or tick still arrives on the power stream.
    expect((await prices.read()).done).toBe(false);
    await client.removeSecondFactor({ id: spare });
    expect(await endsWithin(prices, 5000)).toBeLessThan(5);
    expect(await endsWithin(risk, 5000)).toBeLessThan(5);
    // Reading the news needs no power: that stream stays.
    expect((await news.read()).done).toBe(false);
    await news.cancel();
  });

  it('a stale token opens none of them once the power is gone (403, checked in D1 on open)', async () => {
    const user = await insertUser({ role: 'admin', isRiskTeam: true, canUseTerminal: true });
    const other = await insertUser();
    const jar = await signedInJar(user);
    await lose(user.id, { role: 'user', isRiskTeam: false, canUseTerminal: false });
    const cases: [StreamName, unknown][] = [
      ['streamPrices', { symbols: ['BTC'] }],
      ['streamRisk', undefined],
      ['streamTodo', undefined],
      ['streamOrders', { traderId: other.id }],
    ];
    for (const [name, input] of cases) {
      const res = await exports.default.fetch(`${ORIGIN}/api/rpc/${name}`, {
        method: 'POST',
        headers: { cookie: jar.header(), 'content-type': 'application/json' },
        body: JSON.stringify(input === undefined ? {} : { json: input }),
      });
      expect(res.status, name).toBe(403);
      await res.body?.cancel();
    }
  });
});
