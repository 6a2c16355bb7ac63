import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { CookieJar, PASSWORD, db, fetchApp, postJson, postJsonText, rpcClient } from '../../test/harness';

async function signUp(jar: CookieJar, email: string, name = 'Ada Lovelace', password = PASSWORD) {
  return jar.take(await postJson('/api/auth/sign-up/email', { name, email, password }));
}

async function signIn(jar: CookieJar, email: string, password = PASSWORD, ip = '198.51.100.1') {
  return jar.take(await postJson('/api/auth/sign-in/email', { email, password }, { 'cf-connecting-ip': ip }));
}

describe('sign-up, sign-in, sign-out, refresh', () => {
  it('makes the named bootstrap user (BOOTSTRAP_ADMIN_EMAIL) an approved superadmin and later users unapproved', async () => {
    const first = new CookieJar();
    const res1 = await signUp(first, 'Founder@Example.com', 'Grace Hopper');
    expect(res1.status).toBe(201);
    const body1 = (await res1.json()) as { user: { email: string; role: string; approved: boolean } };
    expect(body1.user).toMatchObject({ email: 'founder@example.com', role: 'superadmin', approved: true });

    const second = new CookieJar();
    const res2 = await signUp(second, 'second@example.com');
    expect(res2.status).toBe(201);
    expect(((await res2.json()) as { user: object }).user).toMatchObject({ role: 'user', approved: false });

    // Signed in straight away, so the SPA can show "awaiting approval".
    const me = await rpcClient(second).getCurrentUser();
    expect(me).toMatchObject({ email: 'second@example.com', approved: false, isRiskTeam: false, can_use_terminal: false });
    expect(me).not.toHaveProperty('passwordHash');
  });

  it('refuses a taken email with 409 CONFLICT, whatever its case', async () => {
    const res = await signUp(new CookieJar(), 'SECOND@example.com');
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'CONFLICT', status: 409 });
  });

  it('validates sign-up input with 400 BAD_REQUEST and field issues', async () => {
    const res = await postJson('/api/auth/sign-up/email', { name: '', email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; data: { issues: { path: string[] }[] } };
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.data.issues.map((i) => i.path[0]).sort()).toEqual(['email', 'name', 'password']);
    const garbled = await postJsonText('/api/auth/sign-up/email', '{"name":');
    expect(garbled.status).toBe(400);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await signIn(new CookieJar(), 'second@example.com', 'wrong password!', '198.51.100.7');
    const unknown = await signIn(new CookieJar(), 'nobody@example.com', PASSWORD, '198.51.100.7');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a).toEqual(b);
    expect(a).toEqual({ code: 'UNAUTHORIZED', status: 401, message: 'Invalid email or password' });
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('signs in, refreshes by rotation and signs out', async () => {
    const jar = new CookieJar();
    const res = await signIn(jar, 'second@example.com');
    expect(res.status).toBe(200);
    const setCookies = res.headers.getSetCookie();
    expect(setCookies.some((c) => /^meridian_access=.+HttpOnly/i.test(c) && /SameSite=Lax/i.test(c))).toBe(true);
    expect(setCookies.some((c) => /^meridian_refresh=.+Path=\/api\/auth/i.test(c))).toBe(true);
    const lastLogin = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'second@example.com') });
    expect(lastLogin?.lastLoginAt).toBeGreaterThan(Date.now() - 60_000);

    const oldRefresh = jar.refresh;
    const refreshed = jar.take(await postJson('/api/auth/refresh', {}, { cookie: jar.header() }));
    expect(refreshed.status).toBe(200);
    expect(jar.refresh).toBeDefined();
    expect(jar.refresh).not.toBe(oldRefresh);

    const session = (await (await fetchApp('/api/auth/get-session', { headers: { cookie: jar.header() } })).json()) as {
      user: { approved: boolean };
    };
    expect(session.user.approved).toBe(false);

    const out = jar.take(await postJson('/api/auth/sign-out', {}, { cookie: jar.header() }));
    expect(out.status).toBe(200);
    expect(jar.access).toBeUndefined();
    expect(jar.refresh).toBeUndefined();
  });

  it('refuses sign-in for a disabled account', async () => {
    await db.update(users).set({ disabled: true }).where(eq(users.email, 'second@example.com'));
    const res = await signIn(new CookieJar(), 'second@example.com', PASSWORD, '198.51.100.9');
    expect(res.status).toBe(403);
  });
});

describe('failed sign-in rate limit', () => {
  it('answers 429 TOO_MANY_REQUESTS per email after 5 failures, even with the right password', async () => {
    const jar = new CookieJar();
    await signUp(jar, 'victim@example.com');
    for (let i = 0; i < 5; i++)
      expect((await signIn(new CookieJar(), 'victim@example.com', 'bad password', `203.0.113.${i}`)).status).toBe(401);
    const blocked = await signIn(new CookieJar(), 'victim@example.com', PASSWORD, '203.0.113.99');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 });
  });

  it('answers 429 per IP across many emails', async () => {
    for (let i = 0; i < 30; i++) await signIn(new CookieJar(), `spray${i}@example.com`, 'bad password', '192.0.2.50');
    const res = await signIn(new CookieJar(), 'someone-else@example.com', 'bad password', '192.0.2.50');
    expect(res.status).toBe(429);
    // Another IP is unaffected.
    expect((await signIn(new CookieJar(), 'someone-else@example.com', 'bad password', '192.0.2.51')).status).toBe(401);
  }, 30_000);
});
