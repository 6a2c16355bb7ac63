import { SignJWT, base64url, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE } from './cookies';
import { MAX_TOKEN_LENGTH } from '../../domains/auth/jwt';
import { CookieJar, config, fetchApp, insertUser, postJson, rpcClient, signedInJar } from '../../test/harness';
import type { UserRow } from '../../db/schema/users';

const secret = new TextEncoder().encode(config.JWT_SECRET);
let user: UserRow;
let sid: string;

beforeAll(async () => {
  user = await insertUser({ email: 'jwt@example.com' });
  const jar = await signedInJar(user);
  const claims = JSON.parse(new TextDecoder().decode(base64url.decode(jar.access!.split('.')[1]!))) as { sid: string };
  sid = claims.sid;
});

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

async function goodToken(extra: Record<string, unknown> = {}) {
  return builder(extra).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(secret);
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

describe('access tokens (RFC 8725)', () => {
  it('accepts a well-formed token', async () => {
    expect(await accepted(await goodToken())).toBe(true);
  });

  it('rejects a tampered payload', async () => {
    const [h, , s] = (await goodToken()).split('.');
    const forged = b64({
      ...claims({ role: 'superadmin' }),
      sub: user.id,
      iss: config.JWT_ISSUER,
      aud: config.JWT_AUDIENCE,
      exp: Math.floor(Date.now() / 1000) + 300,
      iat: Math.floor(Date.now() / 1000),
      jti: 'x',
    });
    expect(await accepted(`${h}.${forged}.${s}`)).toBe(false);
  });

  it('rejects an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const token = await builder()
      .setIssuedAt(past - 600)
      .setExpirationTime(past)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(secret);
    expect(await accepted(token)).toBe(false);
  });

  it('rejects alg: none', async () => {
    const good = (await goodToken()).split('.')[1]!;
    expect(await accepted(`${b64({ alg: 'none', typ: 'at+jwt' })}.${good}.`)).toBe(false);
  });

  it('rejects another HMAC algorithm with the same secret (HS512)', async () => {
    const token = await builder().setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' }).sign(secret);
    expect(await accepted(token)).toBe(false);
  });

  it('rejects an RS256 token (algorithm confusion)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await builder().setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' }).sign(privateKey);
    expect(await accepted(token)).toBe(false);
  });

  it('rejects a token signed with the wrong key', async () => {
    const token = await builder()
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(new TextEncoder().encode('another-secret-that-is-also-long-enough-0123'));
    expect(await accepted(token)).toBe(false);
  });

  it('rejects the wrong issuer, audience or type', async () => {
    expect(
      await accepted(await builder().setIssuer('evil').setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(secret)),
    ).toBe(false);
    expect(
      await accepted(await builder().setAudience('other-app').setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(secret)),
    ).toBe(false);
    expect(await accepted(await builder().setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret))).toBe(false);
  });

  it('rejects an oversized token even when its signature is valid', async () => {
    const token = await goodToken({ padding: 'x'.repeat(MAX_TOKEN_LENGTH) });
    expect(token.length).toBeGreaterThan(MAX_TOKEN_LENGTH);
    expect(await accepted(token)).toBe(false);
  });

  it('rejects claims of the wrong shape', async () => {
    expect(await accepted(await goodToken({ role: 'god' }))).toBe(false);
    expect(await accepted(await goodToken({ approved: 'yes' }))).toBe(false);
  });

  it('rejects a token after its session signed out', async () => {
    const fresh = await insertUser({ email: 'leaver@example.com' });
    const jar = await signedInJar(fresh);
    const token = jar.access!;
    expect(await accepted(token)).toBe(true);
    expect((await postJson('/api/auth/sign-out', {}, { cookie: jar.header() })).status).toBe(200);
    expect(await accepted(token)).toBe(false);
  });
});
