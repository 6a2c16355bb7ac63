import { describe, expect, it } from 'vitest';
import { authFailures } from '../../db/schema/sessions';
import { reserveSignUp } from '../../domains/auth/rate-limit';
import { DomainError } from '../../lib/domain-error';
import { PASSWORD, db, insertUser, postJson } from '../../test/harness';

const signIn = (email: string, password: string, ip: string) =>
  postJson('/api/auth/sign-in/email', { email, password }, { 'cf-connecting-ip': ip });
const signUp = (email: string, ip: string) =>
  postJson('/api/auth/sign-up/email', { name: 'Someone', email, password: PASSWORD }, { 'cf-connecting-ip': ip });

describe('sign-in attempts are reserved before hashing', () => {
  it('lets only 5 of 15 parallel wrong passwords for one email be checked', async () => {
    const user = await insertUser({ approved: true });
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => signIn(user.email, `wrong password ${i}`, `198.51.100.${i + 1}`)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // Refused attempts do not hand out extra slots later either.
    expect((await signIn(user.email, PASSWORD, '198.51.100.99')).status).toBe(429);
  }, 60_000);

  it('gives the slot back on success, so signing in does not use up the IP', async () => {
    const user = await insertUser({ approved: true });
    for (let i = 0; i < 3; i++) expect((await signIn(user.email, PASSWORD, '192.0.2.200')).status).toBe(200);
    const ipRow = await db.query.authFailures.findFirst({ where: (f, { eq }) => eq(f.key, 'ip:192.0.2.200') });
    expect(ipRow?.count ?? 0).toBe(0);
  });
});

describe('sign-up rate limit', () => {
  it('answers 429 after 10 sign-ups from one IP in the window; another IP still signs up', async () => {
    for (let i = 0; i < 10; i++) expect((await signUp(`burst${i}@example.com`, '203.0.113.7')).status).toBe(201);
    const refused = await signUp('burst10@example.com', '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 });
    expect(await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'burst10@example.com') })).toBeUndefined();
    expect((await signUp('other-ip@example.com', '203.0.113.8')).status).toBe(201);
  }, 60_000);

  it('also limits the whole site, and a refused IP slot is given back', async () => {
    await db.delete(authFailures);
    const limits = { perIp: 100, global: 3, windowSeconds: 3600 };
    for (let i = 0; i < 3; i++) await reserveSignUp(db, `10.0.0.${i}`, limits);
    await expect(reserveSignUp(db, '10.0.0.9', limits)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(reserveSignUp(db, '10.0.0.9', limits)).rejects.toBeInstanceOf(DomainError);
    const ipRow = await db.query.authFailures.findFirst({ where: (f, { eq }) => eq(f.key, 'signup-ip:10.0.0.9') });
    expect(ipRow?.count).toBe(0);
  });
});
