import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as mainSchema from './schema';
import * as newsSchema from './schema-news';
import * as auditSchema from './schema-audit';

/**
 * Migrations are hand-written SQL (migrations/, migrations-news/); drizzle's schema is what the code
 * queries through. This keeps the two in step: after every migration has run, each database holds
 * exactly the tables its schema declares, with the same columns, nullability and indexes.
 */
interface Shape {
  columns: Record<string, { notNull: boolean }>;
  indexes: string[];
}

function declared(schema: Record<string, unknown>): Record<string, Shape> {
  const tables: Record<string, Shape> = {};
  for (const value of Object.values(schema)) {
    if (!(value instanceof SQLiteTable)) continue;
    const config = getTableConfig(value);
    const inPrimaryKey = new Set(config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)));
    tables[config.name] = {
      columns: Object.fromEntries(
        config.columns.map((c) => [c.name, { notNull: c.notNull || c.primary || inPrimaryKey.has(c.name) }]),
      ),
      // Unique columns and constraints are indexes to SQLite too (drizzle names them <table>_<column>_unique).
      indexes: [
        ...config.indexes.map((i) => i.config.name),
        ...config.columns.filter((c) => c.isUnique).map((c) => c.uniqueName ?? `${config.name}_${c.name}_unique`),
        ...config.uniqueConstraints.map((u) => u.getName()),
      ]
        .map((name) => name ?? `(unnamed index on ${config.name})`)
        .sort(),
    };
  }
  return tables;
}

/** Tables the code does not query through drizzle: SQLite's, D1's, and the FTS5 index with its shadow tables. */
const outsideSchema = (name: string) => /^(sqlite_|_cf_|d1_)/.test(name) || name.startsWith('news_fts');

async function migrated(database: D1Database): Promise<Record<string, Shape>> {
  const { results: tables } = await database
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all<{ name: string }>();
  const shapes: Record<string, Shape> = {};
  for (const { name } of tables) {
    if (outsideSchema(name)) continue;
    const { results: columns } = await database
      .prepare('SELECT name, "notnull" AS required, pk FROM pragma_table_info(?)')
      .bind(name)
      .all<{ name: string; required: number; pk: number }>();
    const { results: indexes } = await database
      .prepare("SELECT name FROM pragma_index_list(?) WHERE origin IN ('c', 'u')")
      .bind(name)
      .all<{ name: string }>();
    shapes[name] = {
      // A primary-key column counts as not null on both sides (SQLite reports INTEGER PRIMARY KEY as nullable).
      columns: Object.fromEntries(columns.map((c) => [c.name, { notNull: c.required === 1 || c.pk > 0 }])),
      indexes: indexes.map((i) => i.name).sort(),
    };
  }
  return shapes;
}

describe('the drizzle schema matches what the migrations build', () => {
  it.each([
    ['main (DB, migrations/)', env.DB, mainSchema],
    ['news (NEWS_DB, migrations-news/)', env.NEWS_DB, newsSchema],
    ['audit (AUDIT_DB, migrations-audit/)', env.AUDIT_DB, auditSchema],
  ] as const)('%s', async (_label, database, schema) => {
    const built = await migrated(database);
    const wanted = declared(schema);
    expect(Object.keys(built).sort()).toEqual(Object.keys(wanted).sort());
    for (const [name, shape] of Object.entries(wanted))
      expect({ table: name, ...built[name] }).toEqual({ table: name, ...shape });
  });
});
