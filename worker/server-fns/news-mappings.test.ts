import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/users';
import { loadClassifyConfig } from '../domains/news/ingest/classify-config';
import { db, insertUser, signedInJar } from '../test/harness';
import { adminAndTrader, callFn, issuePaths } from './news-test-client';

const jars = adminAndTrader('mappings-fn');


describe('getMappings / createMapping / updateMapping / deleteMapping', () => {
  it('manages both kinds through one set of functions with a kind field', async () => {
    const special = await callFn('createMapping', jars.admin, { kind: 'special', terms: ['Ethereum '], symbols: ['eth'] });
    expect(special.status).toBe(200);
    expect(special.body).toMatchObject({ terms: ['Ethereum'], symbols: ['ETH'] });
    const banned = await callFn('createMapping', jars.admin, { kind: 'banned', terms: ['ethereum classic'], symbols: ['ETH'] });
    expect(banned.body).toMatchObject({ terms: ['ethereum classic'], symbols: ['ETH'] });

    // Every approved user reads them.
    const list = await callFn('getMappings', jars.trader);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ special: [special.body], banned: [banned.body] });

    const updated = await callFn('updateMapping', jars.admin, { kind: 'banned', id: banned.body.id, updates: { symbols: [] } });
    expect(updated.body).toMatchObject({ id: banned.body.id, terms: ['ethereum classic'], symbols: [] });
    // The pipeline sees the change without waiting for its cache to expire.
    expect((await loadClassifyConfig(db)).bannedMappings).toEqual([
      { id: banned.body.id, terms: ['ethereum classic'], symbols: [] },
    ]);

    expect((await callFn('deleteMapping', jars.admin, { kind: 'special', id: special.body.id })).body).toEqual({
      id: special.body.id,
    });
    expect((await callFn('getMappings', jars.trader)).body.special).toEqual([]);
  });

  it('answers 400 with field issues, and 404 for unknown ids or the wrong kind', async () => {
    const bad = await callFn('createMapping', jars.admin, { kind: 'special', terms: [], symbols: ['$$$'] });
    expect(bad.status).toBe(400);
    expect(issuePaths(bad.body).sort()).toEqual(['symbols.0', 'terms']);
    expect((await callFn('createMapping', jars.admin, { kind: 'other', terms: ['x'] })).status).toBe(400);
    expect((await callFn('createMapping', jars.admin, { kind: 'special', terms: ['x'], symbols: [] })).status).toBe(400);
    const tooLong = await callFn('createMapping', jars.admin, { kind: 'banned', terms: ['x'.repeat(101)] });
    expect(issuePaths(tooLong.body)).toEqual(['terms.0']);

    const special = await callFn('createMapping', jars.admin, { kind: 'special', terms: ['cardano'], symbols: ['ADA'] });
    expect(
      (await callFn('updateMapping', jars.admin, { kind: 'banned', id: special.body.id, updates: { terms: ['x'] } })).status,
    ).toBe(404);
    const missing = await callFn('deleteMapping', jars.admin, { kind: 'special', id: 'missing' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', message: 'Special mapping not found' });
  });

  it('lets only admins change mappings', async () => {
    const res = await callFn('createMapping', jars.trader, { kind: 'banned', terms: ['x'] });
    expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await callFn('getMappings', undefined)).status).toBe(401);
    const pending = await signedInJar(await insertUser({ approved: false }));
    expect((await callFn('getMappings', pending)).status).toBe(403);
  });

  it('re-reads the admin from the database: a demoted or disabled admin is refused at once', async () => {
    const demoted = await insertUser({ role: 'admin' });
    const demotedJar = await signedInJar(demoted);
    await db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.id));
    expect((await callFn('createMapping', demotedJar, { kind: 'banned', terms: ['x'] })).status).toBe(403);

    const disabled = await insertUser({ role: 'admin' });
    const disabledJar = await signedInJar(disabled);
    await db.update(users).set({ disabled: true }).where(eq(users.id, disabled.id));
    expect((await callFn('deleteMapping', disabledJar, { kind: 'banned', id: 'x' })).status).toBe(401);
  });
});
