import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { CookieJar, db, fetchApp, insertUser, postJson, rpcClient, signedInJar } from '../../test/harness';
import { REFRESH_COOKIE } from './cookies';

async function refresh(token: string) {
  const jar = new CookieJar();
  jar.cookies.set(REFRESH_COOKIE, token);
  const res = jar.take(await postJson('/api/auth/refresh', {}, { cookie: jar.header() }));
  return { res, jar };
}

describe('refresh-token rotation', () => {
  it('rotates: each token works once and yields a new pair', async () => {
    const jar = await signedInJar(await insertUser());
    const first = jar.refresh!;
    const a = await refresh(first);
    expect(a.res.status).toBe(200);
    const b = await refresh(a.jar.refresh!);
    expect(b.res.status).toBe(200);
    expect(new Set([first, a.jar.refresh, b.jar.refresh]).size).toBe(3);
  });

  it('revokes the whole family when a used token comes back', async () => {
    const user = await insertUser();
    const jar = await signedInJar(user);
    const stolen = jar.refresh!;
    const legit = await refresh(stolen);
    expect(legit.res.status).toBe(200);

    const replay = await refresh(stolen);
    expect(replay.res.status).toBe(401);
    expect(await replay.res.json()).toMatchObject({ code: 'UNAUTHORIZED' });

    // The legitimate holder's newer token dies with the family, and the session is marked revoked.
    expect((await refresh(legit.jar.refresh!)).res.status).toBe(401);
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revokedReason).toBe('refresh token reuse');
    // And the access token of that session no longer passes getCurrentUser.
    await expect(rpcClient(legit.jar).getCurrentUser()).rejects.toMatchObject({ status: 401 });
  });

  it('refuses refresh for an unknown token, no cookie, or a disabled user', async () => {
    expect((await refresh('not-a-real-token')).res.status).toBe(401);
    expect((await postJson('/api/auth/refresh', {})).status).toBe(401);
    const user = await insertUser();
    const jar = await signedInJar(user);
    await db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await refresh(jar.refresh!)).res.status).toBe(401);
  });

  it('getCurrentUser re-issues the access token when claims changed (approval shows at once)', async () => {
    const user = await insertUser({ approved: false });
    const jar = await signedInJar(user);
    const client = rpcClient(jar);
    const before = jar.access;
    expect(await client.getCurrentUser()).toMatchObject({ approved: false });
    expect(jar.access).toBe(before);
    await db.update(users).set({ approved: true }).where(eq(users.id, user.id));
    expect(await client.getCurrentUser()).toMatchObject({ approved: true });
    expect(jar.access).not.toBe(before);
    const session = (await (await fetchApp('/api/auth/get-session', { headers: { cookie: jar.header() } })).json()) as {
      user: { approved: boolean };
    };
    expect(session.user.approved).toBe(true);
  });
});
