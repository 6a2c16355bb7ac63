import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

/**
 * `INSERT INTO table SELECT <row> FROM guard WHERE <where>`: the row is written only while the
 * guard row exists, inside whatever batch (transaction) carries it. It lets a write that depends on
 * a one-time token (a challenge, a claim) go in the same round as the token's consumption: the
 * guarded statements run first, the consuming DELETE last, and its RETURNING says whether they ran.
 * Every column is given: defaults do not apply.
 */
export function insertWhere<T extends SQLiteTable>(
  db: Db,
  table: T,
  row: Required<T['$inferInsert']>,
  guard: SQLiteTable,
  where: SQL,
) {
  const values = row as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => {
      const value = values[key];
      return [key, sql`${value === null || value === undefined ? null : column.mapToDriverValue(value)}`];
    }),
  );
  return db.insert(table).select(db.select(fields).from(guard).where(where) as never);
}
