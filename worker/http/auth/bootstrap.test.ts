import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { createUser } from '../../domains/users/create-user';
import { config, db, postJson, PASSWORD } from '../../test/harness';

const signUp = (email: string, ip: string) =>
  postJson('/api/auth/sign-up/email', { name: 'Someone', email, password: PASSWORD }, { 'cf-connecting-ip': ip });

// This file's database starts empty; the test env names founder@example.com (vitest.config.ts).
describe('fresh-deploy bootstrap (security point 6)', () => {
  it('does not make the first sign-up superadmin unless it is the named email', async () => {
    expect(config.BOOTSTRAP_ADMIN_EMAIL).toBe('founder@example.com');
    const squatter = await signUp('first-comer@example.com', '198.51.100.20');
    expect(squatter.status).toBe(201);
    expect(((await squatter.json()) as { user: object }).user).toMatchObject({ role: 'user', approved: false });

    const founder = await signUp('Founder@Example.com', '198.51.100.21');
    expect(((await founder.json()) as { user: object }).user).toMatchObject({ role: 'superadmin', approved: true });
  });

  it('names nobody once a superadmin exists, or when the var is unset', async () => {
    const hash = 'unused-hash';
    const again = await createUser(db, { email: 'founder2@example.com', name: 'F', passwordHash: hash }, 'founder2@example.com');
    expect(again).toMatchObject({ role: 'user', approved: false });
    await db.delete(users);
    const unset = await createUser(db, { email: 'anyone@example.com', name: 'A', passwordHash: hash }, null);
    expect(unset).toMatchObject({ role: 'user', approved: false });
  });
});
