import { describe, expect, it, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { db, insertUser, reloadUser, rpcClient, signedInJar } from '../../test/harness';
import { users } from '../../db/schema/users';
import { updateUser } from './update-user';
import type { UserRow } from '../../db/schema/users';

let superadmin: UserRow;
let admin: UserRow;

beforeAll(async () => {
  superadmin = await insertUser({ role: 'superadmin', email: 'root@corp.test', name: 'Root' });
  admin = await insertUser({ role: 'admin', email: 'ops@corp.test', name: 'Ops Admin' });
  for (let i = 0; i < 30; i++)
    await insertUser({ email: `trader${String(i).padStart(2, '0')}@corp.test`, name: `Trader ${i}`, approved: i % 3 !== 0 });
});

const as = async (u: UserRow) => rpcClient(await signedInJar(u));

describe('listUsers', () => {
  it('pages through users newest first with a total', async () => {
    const client = await as(admin);
    const page1 = await client.listUsers({ page: 1, pageSize: 10 });
    const page4 = await client.listUsers({ page: 4, pageSize: 10 });
    expect(page1.total).toBe(32);
    expect(page1.items).toHaveLength(10);
    expect(page4.items).toHaveLength(2);
    const ids = new Set([...page1.items, ...page4.items].map((u) => u.id));
    expect(ids.size).toBe(12);
    expect(page1.items[0]).not.toHaveProperty('passwordHash');
  });

  it('searches by email or name, case-insensitively, with LIKE wildcards taken literally', async () => {
    const client = await as(admin);
    expect((await client.listUsers({ search: 'TRADER1' })).items.map((u) => u.email).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `trader1${i}@corp.test`),
    );
    expect((await client.listUsers({ search: 'ops admin' })).items).toHaveLength(1);
    expect((await client.listUsers({ search: '%' })).total).toBe(0);
    expect((await client.listUsers({ search: '_' })).total).toBe(0);
  });

  it('answers a search of the longest allowed length (D1 refuses LIKE patterns over 50 bytes)', async () => {
    const client = await as(admin);
    expect((await client.listUsers({ search: '\\_%'.repeat(33) })).total).toBe(0);
    expect((await client.listUsers({ search: `${'x'.repeat(60)}@corp.test` })).total).toBe(0);
    expect((await client.listUsers({ search: '@CORP.TEST' })).total).toBeGreaterThan(10);
  });

  it('filters pending users', async () => {
    const pending = await (await as(admin)).listUsers({ status: 'pending', pageSize: 100 });
    expect(pending.total).toBe(10);
    expect(pending.items.every((u) => !u.approved)).toBe(true);
  });
});

describe('updateUser', () => {
  it('approves a user and records when', async () => {
    const target = await insertUser({ approved: false });
    const updated = await (
      await as(admin)
    ).updateUser({ id: target.id, approved: true, isRiskTeam: true, can_use_terminal: true });
    expect(updated).toMatchObject({ approved: true, isRiskTeam: true, can_use_terminal: true });
    expect(updated.approvedAt).toBeGreaterThan(0);
    const unapproved = await (await as(admin)).updateUser({ id: target.id, approved: false });
    expect(unapproved.approvedAt).toBeNull();
  });

  it('refuses self-demotion and self-disable', async () => {
    await expect((await as(admin)).updateUser({ id: admin.id, role: 'user' })).rejects.toMatchObject({ status: 403 });
    await expect((await as(superadmin)).updateUser({ id: superadmin.id, role: 'admin' })).rejects.toMatchObject({ status: 403 });
    await expect((await as(admin)).updateUser({ id: admin.id, disabled: true })).rejects.toMatchObject({ status: 403 });
    expect((await reloadUser(admin.id))?.role).toBe('admin');
  });

  it('lets only a superadmin grant or remove admin roles', async () => {
    const target = await insertUser();
    await expect((await as(admin)).updateUser({ id: target.id, role: 'admin' })).rejects.toMatchObject({ status: 403 });
    await expect((await as(admin)).updateUser({ id: superadmin.id, isRiskTeam: false })).rejects.toMatchObject({ status: 403 });
    const other = await insertUser({ role: 'admin' });
    await expect((await as(admin)).updateUser({ id: other.id, role: 'user' })).rejects.toMatchObject({ status: 403 });
    expect(await (await as(superadmin)).updateUser({ id: target.id, role: 'admin' })).toMatchObject({ role: 'admin' });
    expect(await (await as(superadmin)).updateUser({ id: other.id, role: 'user' })).toMatchObject({ role: 'user' });
  });

  it('a plain admin who read a trader just before the superadmin made them an admin changes nothing (409)', async () => {
    const trader = await insertUser({ email: 'promoted-meanwhile@corp.test' });
    const readBefore = (await reloadUser(trader.id))!;
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, trader.id));
    await expect(updateUser(db, admin, readBefore, { disabled: true })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await reloadUser(trader.id)).toMatchObject({ role: 'admin', disabled: false });
  });

  it('lets only a superadmin change another admin: role, approval, flags, disabled (403 for a plain admin)', async () => {
    const colleague = await insertUser({ role: 'admin', isRiskTeam: true });
    const plain = await as(admin);
    for (const changes of [
      { role: 'user' as const },
      { approved: false },
      { isRiskTeam: false },
      { can_use_terminal: true },
      { disabled: true },
    ]) {
      await expect(plain.updateUser({ id: colleague.id, ...changes }), JSON.stringify(changes)).rejects.toMatchObject({
        status: 403,
        code: 'FORBIDDEN',
        message: 'Only a superadmin can change another admin',
      });
      await expect(plain.updateUser({ id: superadmin.id, ...changes })).rejects.toMatchObject({ status: 403 });
    }
    expect(await reloadUser(colleague.id)).toMatchObject({ role: 'admin', approved: true, isRiskTeam: true, disabled: false });
    // A plain admin still manages ordinary users, and their own flags.
    const trader = await insertUser();
    expect(await plain.updateUser({ id: trader.id, isRiskTeam: true, disabled: true })).toMatchObject({
      isRiskTeam: true,
      disabled: true,
    });
    expect(await plain.updateUser({ id: admin.id, can_use_terminal: true })).toMatchObject({ can_use_terminal: true });
    // The superadmin changes any admin.
    const root = await as(superadmin);
    expect(await root.updateUser({ id: colleague.id, isRiskTeam: false, disabled: true })).toMatchObject({
      isRiskTeam: false,
      disabled: true,
    });
    expect(await root.updateUser({ id: colleague.id, approved: false, disabled: false })).toMatchObject({ approved: false });
  });

  it('disabling a user ends their sessions at once', async () => {
    const target = await insertUser();
    const targetClient = await as(target);
    expect(await targetClient.getCurrentUser()).toMatchObject({ id: target.id });
    await (await as(admin)).updateUser({ id: target.id, disabled: true });
    await expect(targetClient.getCurrentUser()).rejects.toMatchObject({ status: 401 });
  });

  it('acts on current D1 state: a demoted admin cannot act with an old token', async () => {
    const exAdmin = await insertUser({ role: 'admin' });
    const client = await as(exAdmin);
    await (await as(superadmin)).updateUser({ id: exAdmin.id, role: 'user' });
    await expect(client.listUsers({})).rejects.toMatchObject({ status: 403 });
  });

  it('answers 404 for an unknown user', async () => {
    await expect((await as(admin)).updateUser({ id: 'missing', approved: true })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});
