import { describe, expect, it } from 'vitest';
import { db, fetchApp, insertUser, reloadUser, signedInJar } from '../test/harness';

describe('CSRF protection', () => {
  it('refuses cross-site sign-ups with text/plain, form or multipart bodies and creates nothing', async () => {
    const payload = { name: 'Mallory', email: 'mallory@example.com', password: 'password-1234' };
    const form = new FormData();
    for (const [k, v] of Object.entries(payload)) form.set(k, v);
    const attempts: RequestInit[] = [
      {
        body: JSON.stringify(payload),
        headers: { 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      },
      { body: new URLSearchParams(payload), headers: { origin: 'https://evil.example' } },
      { body: form, headers: { 'sec-fetch-site': 'cross-site' } },
      // Same-site but not JSON: still refused.
      { body: JSON.stringify(payload), headers: { 'content-type': 'text/plain' } },
      { body: new URLSearchParams(payload) },
    ];
    for (const init of attempts) {
      const res = await fetchApp('/api/auth/sign-up/email', { method: 'POST', ...init });
      expect([403, 415]).toContain(res.status);
      const body = (await res.json()) as { code: string };
      expect(['FORBIDDEN', 'UNSUPPORTED_MEDIA_TYPE']).toContain(body.code);
    }
    expect(await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'mallory@example.com') })).toBeUndefined();
  });

  it('refuses a cross-origin JSON mutation from a signed-in admin browser and changes nothing', async () => {
    const admin = await insertUser({ role: 'superadmin' });
    const target = await insertUser({ approved: false });
    const jar = await signedInJar(admin);
    const forge = (headers: Record<string, string>, body: BodyInit) =>
      fetchApp('/api/rpc/updateUser', { method: 'POST', headers: { cookie: jar.header(), ...headers }, body });
    const json = JSON.stringify({ json: { id: target.id, approved: true } });
    expect((await forge({ 'content-type': 'application/json', origin: 'https://evil.example' }, json)).status).toBe(403);
    expect((await forge({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, json)).status).toBe(403);
    expect((await forge({ 'content-type': 'text/plain' }, json)).status).toBe(415);
    const multipart = new FormData();
    multipart.set('data', json);
    expect((await forge({}, multipart)).status).toBe(415);
    expect((await reloadUser(target.id))?.approved).toBe(false);

    // The same request from our own origin goes through.
    const ok = await forge(
      { 'content-type': 'application/json', origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      json,
    );
    expect(ok.status).toBe(200);
    expect((await reloadUser(target.id))?.approved).toBe(true);
  });

  it('mutations refuse GET', async () => {
    const admin = await insertUser({ role: 'superadmin' });
    const target = await insertUser({ approved: false });
    const jar = await signedInJar(admin);
    const data = encodeURIComponent(JSON.stringify({ json: { id: target.id, approved: true } }));
    const rpc = await fetchApp(`/api/rpc/updateUser?data=${data}`, { headers: { cookie: jar.header() } });
    expect(rpc.status).toBe(405);
    expect((await reloadUser(target.id))?.approved).toBe(false);

    const fn = await fetchApp('/_serverFn/signOut?createServerFn', { headers: { cookie: jar.header() } });
    expect(fn.status).toBe(405);
    expect(fn.headers.get('allow')).toBe('POST');
    for (const path of ['/api/auth/sign-out', '/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/refresh']) {
      const res = await fetchApp(path, { headers: { cookie: jar.header() } });
      expect(res.status).toBe(405);
      expect(await res.json()).toMatchObject({ code: 'METHOD_NOT_SUPPORTED', status: 405 });
    }
    // Still signed in: the GET sign-out did nothing.
    expect((await fetchApp('/_serverFn/getUser?createServerFn', { headers: { cookie: jar.header() } })).status).toBe(200);
    const me = await (await fetchApp('/_serverFn/getUser?createServerFn', { headers: { cookie: jar.header() } })).json();
    expect(me).toMatchObject({ id: admin.id });
  });
});
