import { asc, eq, sql } from 'drizzle-orm';
import type { MappingKind } from '../../../contract/enums';
import type { BulkResult, Mapping, MappingFields } from '../../../contract/news-mappings';
import type { Mappings } from '../../../contract/server-fns/news-mappings';
import { batchRead } from '../../../db/batch-reads';
import type { Db } from '../../../db/client';
import { bannedMappings, specialMappings } from '../../../db/schema/news';
import { domainError } from '../../../lib/domain-error';
import { invalidateClassifyConfig } from '../ingest/classify-config';
import { deleteById } from './by-id';

/** Both tables have the same columns; the cast below only picks one of two identical shapes. */
const TABLES: Record<MappingKind, typeof specialMappings | typeof bannedMappings> = {
  special: specialMappings,
  banned: bannedMappings,
};
const tableOf = (kind: MappingKind) => TABLES[kind] as typeof specialMappings;

const LABEL: Record<MappingKind, string> = { special: 'Special mapping', banned: 'Banned mapping' };

/** Comparison key of a term: the same term in another case is the same term. */
export const termKey = (term: string) => term.toLowerCase();

function assertUsable(kind: MappingKind, fields: MappingFields) {
  if (!fields.terms.length) throw domainError('BAD_REQUEST', 'Add at least one term');
  // A banned mapping without symbols marks items garbage; a special one without symbols tags nothing.
  if (kind === 'special' && !fields.symbols.length)
    throw domainError('BAD_REQUEST', 'A special mapping needs at least one symbol');
}

const listQuery = (db: Db, kind: MappingKind) => {
  const table = tableOf(kind);
  return db.select().from(table).orderBy(asc(table.createdAt), asc(table.id));
};

export function listMappingsOf(db: Db, kind: MappingKind): Promise<Mapping[]> {
  return listQuery(db, kind);
}

export async function listMappings(db: Db): Promise<Mappings> {
  const [special, banned] = await db.batch([listQuery(db, 'special'), listQuery(db, 'banned')]);
  return { special, banned };
}

async function findMapping(db: Db, kind: MappingKind, id: string): Promise<Mapping> {
  const table = tableOf(kind);
  // A batch of one: the caller's fresh check rides in it (one D1 call for both).
  const [row] = await batchRead(db, db.select().from(table).where(eq(table.id, id)).limit(1));
  if (!row) throw domainError('NOT_FOUND', `${LABEL[kind]} not found`);
  return row;
}

export async function createMapping(db: Db, kind: MappingKind, fields: MappingFields): Promise<Mapping> {
  assertUsable(kind, fields);
  const now = Date.now();
  const [row] = await db
    .insert(tableOf(kind))
    .values({ id: crypto.randomUUID(), terms: fields.terms, symbols: fields.symbols, createdAt: now, updatedAt: now })
    .returning();
  invalidateClassifyConfig();
  return row!;
}

/** Replaces the given lists (terms and/or symbols); the other one stays. */
export async function updateMapping(db: Db, kind: MappingKind, id: string, updates: Partial<MappingFields>): Promise<Mapping> {
  const current = await findMapping(db, kind, id);
  const next = { terms: updates.terms ?? current.terms, symbols: updates.symbols ?? current.symbols };
  assertUsable(kind, next);
  const table = tableOf(kind);
  const [row] = await db
    .update(table)
    .set({ ...next, updatedAt: Date.now() })
    .where(eq(table.id, id))
    .returning();
  if (!row) throw domainError('NOT_FOUND', `${LABEL[kind]} not found`);
  invalidateClassifyConfig();
  return row;
}

export async function deleteMapping(db: Db, kind: MappingKind, id: string): Promise<{ id: string }> {
  const row = await deleteById(db, tableOf(kind), id, `${LABEL[kind]} not found`);
  invalidateClassifyConfig();
  return row;
}

/**
 * Appends a value to one JSON list column of every mapping that lacks it, as ONE D1 batch (one
 * transaction): either every mapping gains it or none does. The append happens in SQL
 * (json_insert on the stored list) so an edit of another term made meanwhile is not overwritten.
 */
async function appendToAll(
  db: Db,
  kind: MappingKind,
  column: 'terms' | 'symbols',
  value: string,
  has: (row: Mapping) => boolean,
): Promise<BulkResult> {
  const table = tableOf(kind);
  // A batch of one: the caller's fresh check rides in it (one D1 call for both).
  const rows = await batchRead(db, listQuery(db, kind));
  const targets = rows.filter((row) => !has(row));
  if (!targets.length) return { updated: 0, mappings: rows };
  const now = Date.now();
  const updates = targets.map((row) =>
    db
      .update(table)
      .set({ [column]: sql`json_insert(${table[column]}, '$[#]', ${value})`, updatedAt: now })
      .where(eq(table.id, row.id)),
  );
  const results = await db.batch([...updates, listQuery(db, kind)] as unknown as [ReturnType<typeof listQuery>]);
  invalidateClassifyConfig();
  return { updated: targets.length, mappings: results.at(-1) as Mapping[] };
}

export function addTermToAllMappings(db: Db, kind: MappingKind, term: string): Promise<BulkResult> {
  const key = termKey(term);
  return appendToAll(db, kind, 'terms', term, (row) => row.terms.some((t) => termKey(t) === key));
}

export function addSymbolToAllSpecialMappings(db: Db, symbol: string): Promise<BulkResult> {
  return appendToAll(db, 'special', 'symbols', symbol, (row) => row.symbols.some((s) => s.toUpperCase() === symbol));
}
