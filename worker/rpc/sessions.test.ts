import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '../domains/auth/user-agent';
import { REFRESH_COOKIE } from '../http/auth/cookies';
import { CookieJar, insertUser, postJson, rpcClient, signedInJar } from '../test/harness';
import { endsWithin, openStream } from '../test/open-stream';
import { auditEntries, sessionIdOf, signInWithTotp } from '../test/second-factor-helpers';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@sessions.test`;

async function refresh(jar: CookieJar) {
  const probe = new CookieJar();
  probe.cookies.set(REFRESH_COOKIE, jar.refresh!);
  return (await postJson('/api/auth/refresh', {}, { cookie: probe.header() })).status;
}

describe('a user sees where they are signed in', () => {
  it('lists each session with its device, IP, creation and last activity; the current one marked', async () => {
    const user = await insertUser({ email: unique('list'), secondFactor: true });
    await signInWithTotp(user.email, { ua: FIREFOX_WIN, ip: '198.51.100.71', steps: 0 });
    const phone = await signInWithTotp(user.email, { ua: SAFARI_IPHONE, ip: '198.51.100.72', steps: 1 });
    const laptop = await signedInJar(user);
    const list = await rpcClient(phone).listSessions();
    expect(list).toHaveLength(3);
    const mine = list.find((s) => s.current)!;
    expect(mine).toMatchObject({
      id: sessionIdOf(phone),
      device: 'Safari on iOS',
      ip: '198.51.100.72',
      userAgent: SAFARI_IPHONE,
    });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.find((s) => s.ip === '198.51.100.71')).toMatchObject({ device: 'Firefox on Windows' });
    for (const s of list) {
      expect(s.createdAt).toBeGreaterThan(Date.now() - 60_000);
      expect(s.lastSeenAt).toBeGreaterThanOrEqual(s.createdAt);
    }
    // Refreshing moves "last seen" on.
    const before = list.find((s) => s.id === sessionIdOf(laptop))!.lastSeenAt!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    laptop.take(await postJson('/api/auth/refresh', {}, { cookie: laptop.header() }));
    const after = (await rpcClient(phone).listSessions()).find((s) => s.id === sessionIdOf(laptop))!;
    expect(after.lastSeenAt!).toBeGreaterThan(before);
    // Nobody else's sessions appear.
    const other = await insertUser({ email: unique('other') });
    expect(await rpcClient(await signedInJar(other)).listSessions()).toHaveLength(1);
  });

  it('reads devices from common user agents', () => {
    expect(describeUserAgent(CHROME_MAC)).toBe('Chrome on macOS');
    expect(describeUserAgent(FIREFOX_WIN)).toBe('Firefox on Windows');
    expect(describeUserAgent(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(describeUserAgent(null)).toBe('Unknown device');
    expect(describeUserAgent('curl/8.5.0')).toBe('curl');
    expect(describeUserAgent('something new')).toBe('Unknown browser');
  });
});

describe('ending sessions', () => {
  it('ends one: its refresh fails, its calls are refused and its streams end within 5 s', async () => {
    const user = await insertUser({ email: unique('one') });
    const keep = await signedInJar(user);
    const lost = await signedInJar(user);
    const stream = await openStream(lost, 'streamOrders', {});
    expect(await rpcClient(keep).endSession({ id: sessionIdOf(lost) })).toEqual({ ended: 1 });
    expect(await endsWithin(stream, 5000)).toBeLessThan(5);
    expect(await refresh(lost)).toBe(401);
    await expect(
      rpcClient(lost).updateDashboardPrefs({ panes: { notional: true }, positionsUpnlMode: 'absolute' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(await refresh(keep)).toBe(200);
    expect((await rpcClient(keep).listSessions()).map((s) => s.id)).toEqual([sessionIdOf(keep)]);
    const [entry] = await auditEntries({ action: 'session.end', actorId: user.id });
    expect(entry).toMatchObject({ result: 'done', targetId: sessionIdOf(lost), sessionId: sessionIdOf(keep) });
  });

  it("answers 404 for someone else's session, and leaves it alone", async () => {
    const alice = await signedInJar(await insertUser({ email: unique('alice') }));
    const bob = await signedInJar(await insertUser({ email: unique('bob') }));
    await expect(rpcClient(alice).endSession({ id: sessionIdOf(bob) })).rejects.toMatchObject({ status: 404 });
    expect(await refresh(bob)).toBe(200);
  });

  it('ends all others and keeps the current one', async () => {
    const user = await insertUser({ email: unique('others') });
    const current = await signedInJar(user);
    const others = [await signedInJar(user), await signedInJar(user)];
    const streams = await Promise.all(others.map((jar) => openStream(jar, 'streamOrders', {})));
    expect(await rpcClient(current).endOtherSessions({})).toEqual({ ended: 2 });
    for (const s of streams) expect(await endsWithin(s, 5000)).toBeLessThan(5);
    for (const jar of others) expect(await refresh(jar)).toBe(401);
    expect(await refresh(current)).toBe(200);
    const [entry] = await auditEntries({ action: 'session.endOthers', actorId: user.id });
    expect(entry).toMatchObject({ result: 'done', after: { ended: 2 } });
  });

  it("lets an admin end all of a user's sessions; only a superadmin another admin's", async () => {
    const admin = await signedInJar(await insertUser({ role: 'admin', email: unique('admin') }));
    const root = await signedInJar(await insertUser({ role: 'superadmin', email: unique('root') }));
    const user = await insertUser({ email: unique('target') });
    const jars = [await signedInJar(user), await signedInJar(user)];
    const stream = await openStream(jars[0]!, 'streamOrders', {});
    expect(await rpcClient(admin).endUserSessions({ userId: user.id })).toEqual({ ended: 2 });
    expect(await endsWithin(stream, 5000)).toBeLessThan(5);
    for (const jar of jars) expect(await refresh(jar)).toBe(401);
    const [entry] = await auditEntries({ action: 'session.endAll', targetId: user.id });
    expect(entry).toMatchObject({ result: 'done', targetLabel: user.email, after: { ended: 2 } });

    const otherAdmin = await insertUser({ role: 'admin', email: unique('admin2') });
    await signedInJar(otherAdmin);
    await expect(rpcClient(admin).endUserSessions({ userId: otherAdmin.id })).rejects.toMatchObject({ status: 403 });
    expect(await rpcClient(root).endUserSessions({ userId: otherAdmin.id })).toEqual({ ended: 1 });
    await expect(rpcClient(admin).endUserSessions({ userId: crypto.randomUUID() })).rejects.toMatchObject({ status: 404 });
    // A user ends nobody else's: the procedure is for admins.
    const plain = await signedInJar(await insertUser({ email: unique('plain') }));
    await expect(rpcClient(plain).endUserSessions({ userId: user.id })).rejects.toMatchObject({ status: 403 });
  });
});
