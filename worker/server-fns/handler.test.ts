import { describe, expect, it } from 'vitest';
import { fetchApp, insertUser, postJson, signedInJar } from '../test/harness';

describe('/_serverFn wire format', () => {
  it('getUser (GET) answers null for anonymous callers and the user for signed-in ones', async () => {
    const anon = await fetchApp('/_serverFn/getUser?createServerFn');
    expect(anon.status).toBe(200);
    expect(await anon.json()).toBeNull();
    const user = await insertUser({ name: 'Linus Pauling', email: 'linus@example.com' });
    const jar = await signedInJar(user);
    const payload = encodeURIComponent(JSON.stringify({}));
    const res = await fetchApp(`/_serverFn/getUser?createServerFn&payload=${payload}`, { headers: { cookie: jar.header() } });
    expect(await res.json()).toMatchObject({
      id: user.id,
      email: 'linus@example.com',
      name: 'Linus Pauling',
      can_use_terminal: false,
    });
  });

  it('signOut (POST) takes {data, context}, ends the session and clears cookies', async () => {
    const jar = await signedInJar(await insertUser());
    const oldRefresh = jar.refresh;
    const res = jar.take(
      await postJson('/_serverFn/signOut?createServerFn', { data: undefined, context: {} }, { cookie: jar.header() }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(jar.access).toBeUndefined();
    const refreshed = await postJson('/api/auth/refresh', {}, { cookie: `meridian_refresh=${oldRefresh}` });
    expect(refreshed.status).toBe(401);
  });

  it('needs the createServerFn marker, a known name and the right method', async () => {
    expect((await fetchApp('/_serverFn/getUser')).status).toBe(400);
    const unknown = await fetchApp('/_serverFn/dropTables?createServerFn');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const wrong = await postJson('/_serverFn/getUser?createServerFn', { data: {}, context: {} });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect(await wrong.json()).toMatchObject({ code: 'METHOD_NOT_SUPPORTED', status: 405 });
  });

  it('never answers prototype names', async () => {
    expect((await fetchApp('/_serverFn/constructor?createServerFn')).status).toBe(404);
    expect((await fetchApp('/_serverFn/toString?createServerFn')).status).toBe(404);
  });
});
