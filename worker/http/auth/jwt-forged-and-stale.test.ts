import { SignJWT, base64url, exportJWK, exportSPKI, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './cookies';
import { MAX_TOKEN_LENGTH } from '../../domains/auth/jwt';
import { CookieJar, config, fetchApp, insertUser, postJson, rpcClient, signedInJar } from '../../test/harness';
import type { UserRow } from '../../db/schema/users';

/**
 * Forged and stale access tokens (RFC 8725). Each case is one token the Worker must refuse
 * at the edge (/api/auth/get-session answers no session) and in RPC (401), or, for a demoted admin,
 * a token whose old role no longer opens admin procedures.
 */
const secret = new TextEncoder().encode(config.JWT_SECRET);
let user: UserRow;
let sid: string;

beforeAll(async () => {
  user = await insertUser({ email: 'jwt@example.com' });
  sid = payloadOf((await signedInJar(user)).access!).sid as string;
});

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!))) as Record<string, unknown>;
}

function claims(extra: Record<string, unknown> = {}) {
  return { sid, role: 'user', approved: true, isRiskTeam: false, can_use_terminal: false, ...extra };
}

function builder(extra: Record<string, unknown> = {}) {
  return new SignJWT(claims(extra))
    .setSubject(user.id)
    .setIssuer(config.JWT_ISSUER)
    .setAudience(config.JWT_AUDIENCE)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime('5m');
}

const HEADER = { alg: 'HS256', typ: 'at+jwt' } as const;

async function goodToken(extra: Record<string, unknown> = {}) {
  return builder(extra).setProtectedHeader(HEADER).sign(secret);
}

async function accepted(token: string): Promise<boolean> {
  const res = await fetchApp('/api/auth/get-session', { headers: { cookie: `${ACCESS_COOKIE}=${token}` } });
  const body = (await res.json()) as { session: unknown };
  const edge = body.session !== null;
  const jar = new CookieJar();
  jar.cookies.set(ACCESS_COOKIE, token);
  const viaRpc = await rpcClient(jar)
    .getCurrentUser()
    .then(() => true)
    .catch((e: { status?: number }) => {
      expect(e.status).toBe(401);
      return false;
    });
  expect(viaRpc).toBe(edge);
  return edge;
}

const b64 = (obj: unknown) => base64url.encode(JSON.stringify(obj));
const now = () => Math.floor(Date.now() / 1000);

/** HS256 over any header and payload with the real secret, bypassing jose's own header checks. */
async function signRaw(header: Record<string, unknown>, payload: Record<string, unknown>) {
  const input = `${b64(header)}.${b64(payload)}`;
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(input)));
  return `${input}.${base64url.encode(mac)}`;
}

/** A header of the attacker's choice over the real payload, signed with the real secret. */
async function withHeader(header: Record<string, unknown>) {
  return builder()
    .setProtectedHeader({ ...HEADER, ...header } as typeof HEADER)
    .sign(secret);
}

describe('forged access tokens (RFC 8725)', () => {
  it('control: a well-formed token is accepted', async () => {
    expect(await accepted(await goodToken())).toBe(true);
  });

  it('1. tampered payload (role raised) under the original signature', async () => {
    const [h, , s] = (await goodToken()).split('.');
    const forged = b64({
      ...claims({ role: 'superadmin' }),
      sub: user.id,
      iss: config.JWT_ISSUER,
      aud: config.JWT_AUDIENCE,
      exp: now() + 300,
      iat: now(),
      jti: 'x',
    });
    expect(await accepted(`${h}.${forged}.${s}`)).toBe(false);
  });

  it('2. alg: none with an empty signature', async () => {
    const body = (await goodToken()).split('.')[1]!;
    expect(await accepted(`${b64({ alg: 'none', typ: 'at+jwt' })}.${body}.`)).toBe(false);
  });

  it('3. alg: "None" / "NONE" spelled otherwise', async () => {
    const body = (await goodToken()).split('.')[1]!;
    expect(await accepted(`${b64({ alg: 'None', typ: 'at+jwt' })}.${body}.`)).toBe(false);
    expect(await accepted(`${b64({ alg: 'NONE', typ: 'at+jwt' })}.${body}.`)).toBe(false);
  });

  it('4. alg: none keeping the original, valid signature', async () => {
    const [, body, sig] = (await goodToken()).split('.');
    expect(await accepted(`${b64({ alg: 'none', typ: 'at+jwt' })}.${body}.${sig}`)).toBe(false);
  });

  it('5. another HMAC algorithm with the same secret (HS512)', async () => {
    expect(await accepted(await builder().setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' }).sign(secret))).toBe(false);
  });

  it('6. another HMAC algorithm with the same secret (HS384)', async () => {
    expect(await accepted(await builder().setProtectedHeader({ alg: 'HS384', typ: 'at+jwt' }).sign(secret))).toBe(false);
  });

  it('7. algorithm swap to RS256 with an attacker key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expect(await accepted(await builder().setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' }).sign(privateKey))).toBe(false);
  });

  it('8. algorithm swap to ES256 with an attacker key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    expect(await accepted(await builder().setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' }).sign(privateKey))).toBe(false);
  });

  it('9. HS256 keyed with an RSA public key PEM (key confusion)', async () => {
    const { publicKey } = await generateKeyPair('RS256', { extractable: true });
    const pem = new TextEncoder().encode(await exportSPKI(publicKey));
    expect(await accepted(await builder().setProtectedHeader(HEADER).sign(pem))).toBe(false);
  });

  it('10. HS256 with the wrong secret', async () => {
    const wrong = new TextEncoder().encode('another-secret-that-is-also-long-enough-0123');
    expect(await accepted(await builder().setProtectedHeader(HEADER).sign(wrong))).toBe(false);
  });

  it('11. kid injection (path traversal / SQL) naming a key the attacker chose', async () => {
    const attackerKey = new TextEncoder().encode('attacker-key-that-is-long-enough-for-hs256-00');
    for (const kid of ['../../../../dev/null', "x' UNION SELECT 'attacker-key' --"]) {
      const token = await builder()
        .setProtectedHeader({ ...HEADER, kid })
        .sign(attackerKey);
      expect(await accepted(token)).toBe(false);
    }
  });

  it('12. jku injection: a JWK Set URL on the attacker host', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await builder()
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', jku: 'https://attacker.example/jwks.json', kid: 'a' })
      .sign(privateKey);
    expect(await accepted(token)).toBe(false);
  });

  it('13. jwk injection: the attacker public key embedded in the header', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(publicKey);
    const token = await builder().setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', jwk }).sign(privateKey);
    expect(await accepted(token)).toBe(false);
  });

  it('14. x5u injection: a certificate URL on the attacker host', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await builder()
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', x5u: 'https://attacker.example/cert.pem' })
      .sign(privateKey);
    expect(await accepted(token)).toBe(false);
  });

  it('15. an unknown critical header extension, even under the real key', async () => {
    const payload = payloadOf(await goodToken());
    expect(await accepted(await signRaw({ ...HEADER, crit: ['exp-override'], 'exp-override': true }, payload))).toBe(false);
  });

  it('16. wrong issuer', async () => {
    expect(await accepted(await builder().setIssuer('evil').setProtectedHeader(HEADER).sign(secret))).toBe(false);
  });

  it('17. wrong audience', async () => {
    expect(await accepted(await builder().setAudience('other-app').setProtectedHeader(HEADER).sign(secret))).toBe(false);
  });

  it('18. wrong type (plain JWT, ID token)', async () => {
    expect(await accepted(await withHeader({ typ: 'JWT' }))).toBe(false);
    expect(await accepted(await withHeader({ typ: 'id_token+jwt' }))).toBe(false);
  });

  it('19. no type header at all', async () => {
    expect(await accepted(await builder().setProtectedHeader({ alg: 'HS256' }).sign(secret))).toBe(false);
  });

  it('20. missing required claims (exp, jti, sub)', async () => {
    const base = claims();
    const common = { iss: config.JWT_ISSUER, aud: config.JWT_AUDIENCE, iat: now() };
    const noExp = new SignJWT({ ...base, ...common, sub: user.id, jti: 'a' });
    const noJti = new SignJWT({ ...base, ...common, sub: user.id, exp: now() + 300 });
    const noSub = new SignJWT({ ...base, ...common, jti: 'b', exp: now() + 300 });
    for (const t of [noExp, noJti, noSub]) expect(await accepted(await t.setProtectedHeader(HEADER).sign(secret))).toBe(false);
  });

  it('21. claims of the wrong shape (unknown role, string flags)', async () => {
    expect(await accepted(await goodToken({ role: 'god' }))).toBe(false);
    expect(await accepted(await goodToken({ approved: 'yes' }))).toBe(false);
  });

  it('22. oversized, even with a valid signature', async () => {
    const token = await goodToken({ padding: 'x'.repeat(MAX_TOKEN_LENGTH) });
    expect(token.length).toBeGreaterThan(MAX_TOKEN_LENGTH);
    expect(await accepted(token)).toBe(false);
  });

  it('23. trailing base64 padding or a stray character after the signature', async () => {
    const token = await goodToken();
    expect(await accepted(`${token}=`)).toBe(false);
    expect(await accepted(`${token}==`)).toBe(false);
    expect(await accepted(`${token}.`)).toBe(false);
  });

  it('24. standard base64 (+ /) instead of base64url in the signature', async () => {
    let token = await goodToken();
    while (!/[-_]/.test(token.split('.')[2]!)) token = await goodToken();
    const [h, p, s] = token.split('.');
    expect(await accepted(`${h}.${p}.${s!.replace(/-/g, '+').replace(/_/g, '/')}`)).toBe(false);
  });

  it('25. a five-part (JWE-shaped) token', async () => {
    const [h, p, s] = (await goodToken()).split('.');
    expect(await accepted(`${h}.${p}..${s}.${s}`)).toBe(false);
  });
});

describe('stale access tokens', () => {
  it('26. expired', async () => {
    const past = now() - 60;
    const token = await builder()
      .setIssuedAt(past - 600)
      .setExpirationTime(past)
      .setProtectedHeader(HEADER)
      .sign(secret);
    expect(await accepted(token)).toBe(false);
  });

  it('27. not yet valid (nbf in the future)', async () => {
    expect(
      await accepted(
        await builder()
          .setNotBefore(now() + 600)
          .setProtectedHeader(HEADER)
          .sign(secret),
      ),
    ).toBe(false);
  });

  it('28. its session signed out', async () => {
    const fresh = await insertUser({ email: 'leaver@example.com' });
    const jar = await signedInJar(fresh);
    const token = jar.access!;
    expect(await accepted(token)).toBe(true);
    expect((await postJson('/api/auth/sign-out', {}, { cookie: jar.header() })).status).toBe(200);
    expect(await accepted(token)).toBe(false);
  });

  it('29. the user was disabled: RPC 401, refresh refused, admin procedures 401', async () => {
    const root = await signedInJar(await insertUser({ role: 'superadmin', email: 'jwt-root@example.com' }));
    const victim = await insertUser({ role: 'admin', email: 'jwt-disabled@example.com' });
    const jar = await signedInJar(victim);
    await expect(rpcClient(jar).listUsers({})).resolves.toBeDefined();
    await rpcClient(root).updateUser({ id: victim.id, disabled: true });
    await expect(rpcClient(jar).getCurrentUser()).rejects.toMatchObject({ status: 401 });
    await expect(rpcClient(jar).listUsers({})).rejects.toMatchObject({ status: 401 });
    const refresh = await postJson('/api/auth/refresh', {}, { cookie: `${REFRESH_COOKIE}=${jar.refresh}` });
    expect(refresh.status).toBe(401);
  });

  it('30. a token for a user that does not exist (deleted), carrying admin claims', async () => {
    const ghost = await new SignJWT(claims({ role: 'superadmin' }))
      .setSubject(crypto.randomUUID())
      .setIssuer(config.JWT_ISSUER)
      .setAudience(config.JWT_AUDIENCE)
      .setIssuedAt()
      .setJti(crypto.randomUUID())
      .setExpirationTime('5m')
      .setProtectedHeader(HEADER)
      .sign(secret);
    const jar = new CookieJar();
    jar.cookies.set(ACCESS_COOKIE, ghost);
    await expect(rpcClient(jar).listUsers({})).rejects.toMatchObject({ status: 401 });
    await expect(rpcClient(jar).getCurrentUser()).rejects.toMatchObject({ status: 401 });
  });

  it('31. a demoted admin: the old token no longer opens admin procedures; the next read re-issues it', async () => {
    const root = await signedInJar(await insertUser({ role: 'superadmin', email: 'jwt-root2@example.com' }));
    const admin = await insertUser({ role: 'admin', email: 'jwt-demoted@example.com' });
    const jar = await signedInJar(admin);
    const oldToken = jar.access!;
    await expect(rpcClient(jar).listUsers({})).resolves.toBeDefined();
    await rpcClient(root).updateUser({ id: admin.id, role: 'user' });
    await expect(rpcClient(jar).listUsers({})).rejects.toMatchObject({ status: 403 });
    const me = await rpcClient(jar).getCurrentUser();
    expect(me.role).toBe('user');
    expect(jar.access).not.toBe(oldToken);
    expect(payloadOf(jar.access!).role).toBe('user');
    const serverFn = await postJson(
      '/_serverFn/deleteMapping?createServerFn',
      { data: { id: 'x' }, context: {} },
      { cookie: `${ACCESS_COOKIE}=${oldToken}` },
    );
    expect(serverFn.status).toBe(403);
  });
});
