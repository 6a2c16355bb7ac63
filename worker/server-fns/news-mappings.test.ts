import { describe, expect, it } from 'vitest';
import { createMapping } from '../domains/news/settings/mappings';
import { db, insertUser, signedInJar } from '../test/harness';
import { adminAndTrader, callFn } from './news-test-client';

const jars = adminAndTrader('mappings-fn');

// Mappings are read through getMappings and written through the RPC procedures
// (rpc/routers/news-mappings.test.ts).
describe('getMappings', () => {
  it('lists both kinds, oldest first, to every approved user', async () => {
    const special = await createMapping(db, 'special', { terms: ['Ethereum'], symbols: ['ETH'] });
    const banned = await createMapping(db, 'banned', { terms: ['ethereum classic'], symbols: ['ETH'] });
    const list = await callFn('getMappings', jars.trader);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ special: [special], banned: [banned] });
  });

  it('needs an approved user', async () => {
    expect((await callFn('getMappings', undefined)).status).toBe(401);
    const pending = await signedInJar(await insertUser({ approved: false }));
    expect((await callFn('getMappings', pending)).status).toBe(403);
  });

  it('has no write functions: mappings change through RPC only', async () => {
    expect((await callFn('createMapping', jars.admin, { kind: 'banned', terms: ['x'] })).status).toBe(404);
  });
});
