import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users, type UserRow } from '../../db/schema/users';
import { loadClassifyConfig } from '../../domains/news/ingest/classify-config';
import { db, insertUser, rpcClient, signedInJar } from '../../test/harness';

let admin: UserRow;
let adminClient: ReturnType<typeof rpcClient>;

beforeAll(async () => {
  admin = await insertUser({ role: 'admin', email: 'admin@mappings-rpc.test' });
  adminClient = rpcClient(await signedInJar(admin));
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: { status: number; code: string; message: string; data?: { issues?: { path: string[] }[] } }) => e,
  );

describe('special mapping procedures', () => {
  it('create → update → delete, with terms trimmed and de-duplicated and symbols upper-cased', async () => {
    const created = await adminClient.createSpecialMapping({
      terms: ['  Bitcoin ', 'bitcoin', 'BTC   ETF', 'btc etf'],
      symbols: ['btc', ' BTC'],
    });
    expect(created).toMatchObject({ terms: ['Bitcoin', 'BTC ETF'], symbols: ['BTC'] });
    const updated = await adminClient.updateSpecialMapping({ id: created.id, updates: { symbols: ['btc', 'ibit'] } });
    expect(updated).toMatchObject({ id: created.id, terms: ['Bitcoin', 'BTC ETF'], symbols: ['BTC', 'IBIT'] });
    expect(await adminClient.deleteSpecialMapping({ id: created.id })).toEqual({ id: created.id });
    expect((await rejection(adminClient.deleteSpecialMapping({ id: created.id }))).status).toBe(404);
  });

  it('validates with 400 and field issues', async () => {
    const bad = await rejection(adminClient.createSpecialMapping({ terms: ['  '], symbols: ['BTC-USD'] }));
    expect(bad).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(bad.data?.issues?.map((i) => i.path.join('.')).sort()).toEqual(['symbols.0', 'terms.0']);
    expect((await rejection(adminClient.createSpecialMapping({ terms: ['sol'], symbols: [] }))).status).toBe(400);
    const created = await adminClient.createSpecialMapping({ terms: ['sol'], symbols: ['SOL'] });
    expect((await rejection(adminClient.updateSpecialMapping({ id: created.id, updates: { symbols: [] } }))).status).toBe(400);
    expect((await rejection(adminClient.updateSpecialMapping({ id: 'missing', updates: { terms: ['x'] } }))).status).toBe(404);
  });

  it('bulk-adds a term and a symbol to every special mapping that lacks them', async () => {
    const termResult = await adminClient.addTermToAllSpecialMappings({ term: '  Crypto  ' });
    expect(termResult.updated).toBe(termResult.mappings.length);
    expect(termResult.mappings.every((m) => m.terms.includes('Crypto'))).toBe(true);
    expect((await adminClient.addTermToAllSpecialMappings({ term: 'CRYPTO' })).updated).toBe(0);
    const symbolResult = await adminClient.addSymbolToAllSpecialMappings({ symbol: 'usdt' });
    expect(symbolResult.mappings.every((m) => m.symbols.at(-1) === 'USDT')).toBe(true);
    expect((await rejection(adminClient.addSymbolToAllSpecialMappings({ symbol: 'not a symbol' }))).status).toBe(400);
  });
});

describe('banned mapping procedures', () => {
  it('create (symbols optional: a garbage marker) → update → bulk term → delete', async () => {
    const garbage = await adminClient.createBannedMapping({ terms: ['airdrop'] });
    expect(garbage).toMatchObject({ terms: ['airdrop'], symbols: [] });
    const other = await adminClient.createBannedMapping({ terms: ['ripple labs'], symbols: ['xrp'] });
    expect(await adminClient.updateBannedMapping({ id: other.id, updates: { terms: ['Ripple Labs', 'ripple'] } })).toMatchObject({
      terms: ['Ripple Labs', 'ripple'],
      symbols: ['XRP'],
    });
    const bulk = await adminClient.addTermToAllBannedMappings({ term: 'giveaway' });
    expect(bulk).toMatchObject({ updated: 2 });
    expect(bulk.mappings.map((m) => m.terms)).toEqual([
      ['airdrop', 'giveaway'],
      ['Ripple Labs', 'ripple', 'giveaway'],
    ]);
    // The pipeline sees the change without waiting for its cache to expire.
    expect((await loadClassifyConfig(db)).bannedMappings).toContainEqual({ id: other.id, terms: ['Ripple Labs', 'ripple', 'giveaway'], symbols: ['XRP'] });
    expect(await adminClient.deleteBannedMapping({ id: garbage.id })).toEqual({ id: garbage.id });
    expect((await rejection(adminClient.updateBannedMapping({ id: garbage.id, updates: { symbols: [] } }))).status).toBe(404);
  });

  it('refuses unknown update fields', async () => {
    const m = await adminClient.createBannedMapping({ terms: ['spam'] });
    const res = await rejection(adminClient.updateBannedMapping({ id: m.id, updates: { createdAt: 1 } as never }));
    expect(res.status).toBe(400);
  });
});

describe('security', () => {
  it('only admins: approved users get 403, anonymous callers 401', async () => {
    const trader = rpcClient(await signedInJar(await insertUser()));
    expect((await rejection(trader.createBannedMapping({ terms: ['x'] }))).status).toBe(403);
    expect((await rejection(trader.addTermToAllSpecialMappings({ term: 'x' }))).status).toBe(403);
    expect((await rejection(rpcClient().addSymbolToAllSpecialMappings({ symbol: 'BTC' }))).status).toBe(401);
  });

  it('a demoted admin loses access at once, before the token expires', async () => {
    const demoted = await insertUser({ role: 'admin', email: 'demoted@mappings-rpc.test' });
    const client = rpcClient(await signedInJar(demoted));
    await db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.id));
    expect((await rejection(client.createSpecialMapping({ terms: ['x'], symbols: ['X'] }))).status).toBe(403);
  });
});
