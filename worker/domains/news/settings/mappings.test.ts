import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { bannedMappings, specialMappings } from '../../../db/schema/news';
import { db } from '../../../test/harness';
import { loadClassifyConfig } from '../ingest/classify-config';
import {
  addSymbolToAllSpecialMappings,
  addTermToAllMappings,
  createMapping,
  deleteMapping,
  listMappings,
  listMappingsOf,
  updateMapping,
} from './mappings';

beforeEach(async () => {
  await db.delete(specialMappings);
  await db.delete(bannedMappings);
});

/** Makes D1 refuse any update of one mapping, so a batch touching it fails part-way. */
async function failUpdatesOf(table: 'special_mappings' | 'banned_mappings', id: string) {
  await env.DB.prepare(
    `CREATE TRIGGER fail_${table} BEFORE UPDATE ON ${table} WHEN OLD.id = '${id}' BEGIN SELECT RAISE(ABORT, 'refused by test'); END`,
  ).run();
  return () => env.DB.prepare(`DROP TRIGGER fail_${table}`).run();
}

describe('mapping CRUD', () => {
  it('creates, lists per kind, replaces lists on update and deletes', async () => {
    const special = await createMapping(db, 'special', { terms: ['bitcoin'], symbols: ['BTC'] });
    const banned = await createMapping(db, 'banned', { terms: ['airdrop'], symbols: [] });
    expect(await listMappings(db)).toEqual({ special: [special], banned: [banned] });

    const updated = await updateMapping(db, 'special', special.id, { terms: ['bitcoin', 'btc'] });
    expect(updated).toMatchObject({ id: special.id, terms: ['bitcoin', 'btc'], symbols: ['BTC'] });
    expect(updated.updatedAt).toBeGreaterThanOrEqual(special.updatedAt);

    expect(await deleteMapping(db, 'banned', banned.id)).toEqual({ id: banned.id });
    expect(await listMappingsOf(db, 'banned')).toEqual([]);
  });

  it('refreshes the pipeline config at once', async () => {
    await loadClassifyConfig(db);
    const m = await createMapping(db, 'special', { terms: ['solana'], symbols: ['SOL'] });
    expect((await loadClassifyConfig(db)).specialMappings).toEqual([{ id: m.id, terms: ['solana'], symbols: ['SOL'] }]);
    await updateMapping(db, 'special', m.id, { symbols: ['SOL', 'JTO'] });
    expect((await loadClassifyConfig(db)).specialMappings[0]!.symbols).toEqual(['SOL', 'JTO']);
    await deleteMapping(db, 'special', m.id);
    expect((await loadClassifyConfig(db)).specialMappings).toEqual([]);
  });

  it('404s unknown ids and keeps a special mapping from losing all its symbols', async () => {
    await expect(updateMapping(db, 'special', 'nope', { terms: ['x'] })).rejects.toMatchObject({ status: 404 });
    await expect(deleteMapping(db, 'banned', 'nope')).rejects.toMatchObject({ status: 404 });
    const special = await createMapping(db, 'special', { terms: ['ether'], symbols: ['ETH'] });
    // Kinds are separate tables: a special id is unknown as a banned mapping.
    await expect(deleteMapping(db, 'banned', special.id)).rejects.toMatchObject({ status: 404 });
    await expect(updateMapping(db, 'special', special.id, { symbols: [] })).rejects.toMatchObject({ status: 400 });
    await expect(createMapping(db, 'special', { terms: ['x'], symbols: [] })).rejects.toMatchObject({ status: 400 });
  });
});

describe('bulk actions', () => {
  it('adds a term to every mapping that lacks it (case-insensitively), keeping other terms', async () => {
    const a = await createMapping(db, 'banned', { terms: ['giveaway'], symbols: [] });
    const b = await createMapping(db, 'banned', { terms: ['Scam Alert', 'presale'], symbols: ['XRP'] });
    const result = await addTermToAllMappings(db, 'banned', 'scam alert');
    expect(result.updated).toBe(1);
    expect(result.mappings.map((m) => m.terms)).toEqual([
      ['giveaway', 'scam alert'],
      ['Scam Alert', 'presale'],
    ]);
    expect(result.mappings.find((m) => m.id === b.id)!.updatedAt).toBe(b.updatedAt);
    expect((await loadClassifyConfig(db)).bannedMappings.find((m) => m.id === a.id)!.terms).toContain('scam alert');
    expect((await addTermToAllMappings(db, 'banned', 'SCAM ALERT')).updated).toBe(0);
  });

  it('adds a symbol to every special mapping that lacks it', async () => {
    await createMapping(db, 'special', { terms: ['bitcoin'], symbols: ['BTC'] });
    await createMapping(db, 'special', { terms: ['etf'], symbols: ['BTC', 'ETH'] });
    const result = await addSymbolToAllSpecialMappings(db, 'ETH');
    expect(result.updated).toBe(1);
    expect(result.mappings.map((m) => m.symbols)).toEqual([
      ['BTC', 'ETH'],
      ['BTC', 'ETH'],
    ]);
  });

  it('is all or nothing: when one mapping cannot be written, no mapping changes', async () => {
    const first = await createMapping(db, 'special', { terms: ['bitcoin'], symbols: ['BTC'] });
    const second = await createMapping(db, 'special', { terms: ['ethereum'], symbols: ['ETH'] });
    const third = await createMapping(db, 'special', { terms: ['solana'], symbols: ['SOL'] });
    const before = await listMappingsOf(db, 'special');
    const restore = await failUpdatesOf('special_mappings', second.id);
    try {
      await expect(addTermToAllMappings(db, 'special', 'crypto')).rejects.toThrow();
      await expect(addSymbolToAllSpecialMappings(db, 'USDT')).rejects.toThrow();
    } finally {
      await restore();
    }
    expect(await listMappingsOf(db, 'special')).toEqual(before);
    expect(before.map((m) => m.id)).toEqual([first.id, second.id, third.id]);
    // And with the obstacle gone the same action goes through for all three.
    expect((await addTermToAllMappings(db, 'special', 'crypto')).updated).toBe(3);
  });

  it('does nothing (and touches no row) when there are no mappings', async () => {
    expect(await addTermToAllMappings(db, 'banned', 'spam')).toEqual({ updated: 0, mappings: [] });
  });
});
