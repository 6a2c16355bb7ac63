import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authChallenges, recoveryCodes } from '../../db/schema/second-factors';
import { authFailures, sessions } from '../../db/schema/sessions';
import { hashToken } from '../../domains/auth/tokens';
import { replaceRecoveryCodes } from '../../domains/auth/second-factor/recovery-codes';
import { CookieJar, db, enrolTotp, fetchApp, insertUser, postJson, rpcClient, TEST_TOTP_SECRET } from '../../test/harness';
import { auditEntries, codeStep, midStep, passwordStep, signInWithTotp, totpCode } from '../../test/second-factor-helpers';
import { totpCodeAt } from '../../domains/auth/second-factor/totp';
import { SoftPasskey } from '../../test/soft-passkey';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './cookies';
import { SECOND_FACTOR_COOKIE } from './pending-cookie';

/** A user with an authenticator app (TEST_TOTP_SECRET) and a unique email. */
async function enrolledUser(spec: Parameters<typeof insertUser>[0] = {}) {
  const user = await insertUser({ email: `${crypto.randomUUID().slice(0, 8)}@second.test`, secondFactor: false, ...spec });
  await enrolTotp(user.id);
  return user;
}

describe('sign-in with a second factor', () => {
  it('answers "second factor needed" with the kinds, and no session until the code', async () => {
    const user = await enrolledUser();
    await replaceRecoveryCodes(db, user.id);
    const jar = new CookieJar();
    const res = await passwordStep(jar, user.email);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { secondFactor: { kinds: string[]; recoveryCodes: boolean; expiresAt: number } };
    expect(body).toEqual({ secondFactor: { kinds: ['totp'], recoveryCodes: true, expiresAt: expect.any(Number) } });
    expect(body.secondFactor.expiresAt).toBeGreaterThan(Date.now() + 4 * 60_000);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith(`${ACCESS_COOKIE}=`) || c.startsWith(`${REFRESH_COOKIE}=`))).toBe(false);
    const pending = cookies.find((c) => c.startsWith(`${SECOND_FACTOR_COOKIE}=`))!;
    expect(pending).toMatch(/HttpOnly/i);
    expect(pending).toMatch(/SameSite=Strict/i);
    expect(pending).toMatch(/Path=\/api\/auth/i);
    // The pending token alone opens nothing: no session, no RPC.
    await expect(rpcClient(jar).getCurrentUser()).rejects.toMatchObject({ status: 401 });
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    // D1 keeps only the token's hash.
    const token = jar.cookies.get(SECOND_FACTOR_COOKIE)!;
    const [row] = await db.select().from(authChallenges).where(eq(authChallenges.userId, user.id));
    expect(row!.id).toBe(await hashToken(token));
    expect(row!.id).not.toBe(token);

    const done = await codeStep(jar, totpCode());
    expect(done.status).toBe(200);
    expect(((await done.json()) as { user: { email: string } }).user.email).toBe(user.email);
    expect(jar.access).toBeDefined();
    expect(jar.refresh).toBeDefined();
    expect(jar.cookies.has(SECOND_FACTOR_COOKIE)).toBe(false);
    expect(await rpcClient(jar).getCurrentUser()).toMatchObject({ email: user.email });
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session!.secondFactorAt).toBeGreaterThan(Date.now() - 60_000);
    // The pending sign-in is spent.
    expect(await db.select().from(authChallenges).where(eq(authChallenges.userId, user.id))).toHaveLength(0);
    const [entry] = await auditEntries({ action: 'auth.signIn', actorId: user.id });
    expect(entry).toMatchObject({ result: 'done', sessionId: session!.id, after: { method: 'totp' } });
  });

  it('refuses a replayed code (same step), an older one and one two steps away, alike', async () => {
    const user = await enrolledUser();
    // All within one 30-second step: "now" below is the same step throughout.
    const at = await midStep();
    const code = (steps: number) => totpCodeAt(TEST_TOTP_SECRET, at + steps * 30_000);
    const first = new CookieJar();
    await passwordStep(first, user.email);
    expect((await codeStep(first, code(0))).status).toBe(200);
    const replay = new CookieJar();
    await passwordStep(replay, user.email, { ip: '198.51.100.2' });
    const again = await codeStep(replay, code(0), '198.51.100.2');
    expect(again.status).toBe(401);
    const body = await again.json();
    expect(body).toEqual({ code: 'UNAUTHORIZED', status: 401, message: 'That code is not valid' });
    expect(await (await codeStep(replay, code(-1), '198.51.100.2')).json()).toEqual(body);
    expect(await (await codeStep(replay, code(2), '198.51.100.2')).json()).toEqual(body);
    expect(replay.access).toBeUndefined();
    // The next step's code is inside the window and new: it completes the same pending sign-in.
    expect((await codeStep(replay, code(1), '198.51.100.2')).status).toBe(200);
    expect(replay.access).toBeDefined();
    const refused = await auditEntries({ action: 'auth.secondFactor', actorId: user.id }, 3);
    expect(refused.every((e) => e.result === 'refused' && e.reason === 'invalid code')).toBe(true);
  });

  it('refuses the second step without a pending sign-in, or after 5 minutes', async () => {
    expect((await postJson('/api/auth/second-factor/totp', { code: totpCode() })).status).toBe(401);
    const user = await enrolledUser();
    const jar = new CookieJar();
    await passwordStep(jar, user.email);
    await db
      .update(authChallenges)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(authChallenges.userId, user.id));
    expect((await codeStep(jar, totpCode())).status).toBe(401);
    expect(jar.access).toBeUndefined();
    // A forged pending cookie is just as useless.
    const forged = new CookieJar();
    forged.cookies.set(SECOND_FACTOR_COOKIE, 'x'.repeat(43));
    expect((await codeStep(forged, totpCode())).status).toBe(401);
  });

  it('gives no hint about the account before the password is right (no user enumeration)', async () => {
    const user = await enrolledUser();
    const wrong = await passwordStep(new CookieJar(), user.email, { password: 'not the password', ip: '198.51.100.30' });
    const unknown = await passwordStep(new CookieJar(), 'nobody@second.test', { ip: '198.51.100.30' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('completes only one of two parallel second steps of one sign-in', async () => {
    const user = await enrolledUser();
    const jar = new CookieJar();
    await passwordStep(jar, user.email);
    const cookie = jar.header();
    const [a, b] = await Promise.all([
      postJson('/api/auth/second-factor/totp', { code: totpCode() }, { cookie }),
      postJson('/api/auth/second-factor/totp', { code: totpCode(1) }, { cookie }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });
});

describe('recovery codes', () => {
  it('are ten, stored hashed, and each completes one sign-in once', async () => {
    const user = await enrolledUser();
    const codes = await replaceRecoveryCodes(db, user.id);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const rows = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    expect(rows.map((r) => r.codeHash)).toContain(await hashToken(`${user.id}:${codes[0]!.replace('-', '')}`));

    const jar = new CookieJar();
    await passwordStep(jar, user.email);
    // Typed loosely: upper case, spaces instead of the dash.
    const res = await codeStep(jar, codes[0]!.toUpperCase().replace('-', ' '));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(9);
    const [entry] = await auditEntries({ action: 'auth.signIn', actorId: user.id });
    expect(entry!.after).toEqual({ method: 'recoveryCode', recoveryCodesLeft: 9 });

    const again = new CookieJar();
    await passwordStep(again, user.email);
    expect((await codeStep(again, codes[0]!)).status).toBe(401);
    expect((await codeStep(again, codes[1]!)).status).toBe(200);
  });

  it("do not open another user's account", async () => {
    const alice = await enrolledUser();
    const bob = await enrolledUser();
    const [aliceCode] = await replaceRecoveryCodes(db, alice.id);
    await replaceRecoveryCodes(db, bob.id);
    const jar = new CookieJar();
    await passwordStep(jar, bob.email);
    expect((await codeStep(jar, aliceCode!)).status).toBe(401);
  });
});

describe('the failure limits of passwords hold for the second step', () => {
  it('counts every wrong code against the email: the 6th attempt is 429, even with the right code', async () => {
    const user = await enrolledUser();
    const jar = new CookieJar();
    const ip = '203.0.113.40';
    // The password (1 slot, kept until the second step succeeds) and four wrong codes.
    await passwordStep(jar, user.email, { ip });
    for (let i = 0; i < 4; i++) expect((await codeStep(jar, i % 2 ? 'aaaaa-bbbbb' : '000001', ip)).status).toBe(401);
    const blocked = await codeStep(jar, totpCode(), ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(jar.access).toBeUndefined();
    // Another IP does not help: the email's limit is reached.
    const other = new CookieJar();
    expect((await passwordStep(other, user.email, { ip: '203.0.113.41' })).status).toBe(429);
  });

  it('counts them against the IP across emails', async () => {
    const ip = '203.0.113.50';
    await db.delete(authFailures);
    const users = await Promise.all(Array.from({ length: 8 }, () => enrolledUser()));
    let refused = 0;
    // 8 users × (1 password + 3 wrong codes) = 32 attempts from one IP: the IP's 30 run out.
    for (const user of users) {
      const jar = new CookieJar();
      const first = await passwordStep(jar, user.email, { ip });
      if (first.status === 429) refused++;
      for (let i = 0; i < 3; i++) if ((await codeStep(jar, '000002', ip)).status === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    const row = await db.query.authFailures.findFirst({ where: (f, { eq: e }) => e(f.key, `ip:${ip}`) });
    expect(row?.count).toBe(30);
  }, 60_000);

  it('gives both slots back on success, so signing in with a second factor does not use up the IP', async () => {
    const user = await enrolledUser();
    const ip = '192.0.2.210';
    for (let i = 0; i < 2; i++) await signInWithTotp(user.email, { ip, steps: i });
    const row = await db.query.authFailures.findFirst({ where: (f, { eq: e }) => e(f.key, `ip:${ip}`) });
    expect(row?.count ?? 0).toBe(0);
    expect(await db.query.authFailures.findFirst({ where: (f, { eq: e }) => e(f.key, `email:${user.email}`) })).toBeUndefined();
  });
});

describe('passkeys', () => {
  it('enrol through RPC, then complete a sign-in; a replayed or foreign assertion is refused', async () => {
    const user = await enrolledUser();
    const jar = await signInWithTotp(user.email);
    const client = rpcClient(jar);
    const passkey = await SoftPasskey.create();
    const { options } = await client.startPasskeyEnrolment({});
    expect(options).toMatchObject({ rp: { id: 'localhost' }, user: { name: user.email } });
    const added = await client.finishPasskeyEnrolment({ response: await passkey.register(options), label: 'Soft key' });
    expect(added.factor).toMatchObject({ kind: 'passkey', label: 'Soft key' });
    // Not the first factor: the recovery codes stay as they are.
    expect(added.recoveryCodes).toBeNull();

    const signIn = new CookieJar();
    const first = await passwordStep(signIn, user.email, { ip: '198.51.100.60' });
    expect(((await first.json()) as { secondFactor: { kinds: string[] } }).secondFactor.kinds).toEqual(['passkey', 'totp']);
    const optionsRes = signIn.take(await postJson('/api/auth/passkey/options', {}, { cookie: signIn.header() }));
    expect(optionsRes.status).toBe(200);
    const request = ((await optionsRes.json()) as { options: { challenge: string; allowCredentials: { id: string }[] } }).options;
    expect(request.allowCredentials.map((c) => c.id)).toEqual([passkey.id]);

    // Signed on another origin (a phishing site): refused.
    const foreign = await passkey.assert(request, { origin: 'https://meridian.example.net' });
    const verify = (response: unknown) =>
      postJson('/api/auth/passkey/verify', { response }, { cookie: signIn.header(), 'cf-connecting-ip': '198.51.100.60' });
    expect((await verify(foreign)).status).toBe(401);
    const good = await passkey.assert(request);
    const ok = signIn.take(await verify(good));
    expect(ok.status).toBe(200);
    expect(signIn.access).toBeDefined();
    expect(await rpcClient(signIn).getCurrentUser()).toMatchObject({ email: user.email });

    // The same assertion again, on a new sign-in: its challenge is not this sign-in's, and its counter is spent.
    const replay = new CookieJar();
    await passwordStep(replay, user.email, { ip: '198.51.100.61' });
    replay.take(await postJson('/api/auth/passkey/options', {}, { cookie: replay.header() }));
    const replayed = await postJson('/api/auth/passkey/verify', { response: good }, { cookie: replay.header() });
    expect(replayed.status).toBe(401);
    const [entry] = await auditEntries({ action: 'secondFactor.add', actorId: user.id });
    expect(entry).toMatchObject({ result: 'done', after: { kind: 'passkey', label: 'Soft key' } });
  });

  it('answers 412 for passkey options when the user has none, and 400 for a malformed answer', async () => {
    const user = await enrolledUser();
    const jar = new CookieJar();
    await passwordStep(jar, user.email);
    expect((await postJson('/api/auth/passkey/options', {}, { cookie: jar.header() })).status).toBe(412);
    const bad = await postJson('/api/auth/passkey/verify', { response: { id: '!!' } }, { cookie: jar.header() });
    expect(bad.status).toBe(400);
  });
});

describe('the wire is POST-only and same-origin', () => {
  it('answers 405 to GET and 403 to a cross-site POST', async () => {
    for (const path of ['/api/auth/second-factor/totp', '/api/auth/passkey/options', '/api/auth/passkey/verify'])
      expect((await fetchApp(path)).status, path).toBe(405);
    const crossSite = await postJson('/api/auth/second-factor/totp', { code: '123456' }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
  });
});
