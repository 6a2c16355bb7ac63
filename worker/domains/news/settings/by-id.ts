import { eq } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { domainError } from '../../../lib/domain-error';

type SettingsTable = SQLiteTable & { id: SQLiteColumn };

/**
 * Inserts a settings row with a fresh id and `createdAt` now, and answers it; `clash()` when the
 * value of its unique column `unique` is already taken.
 */
export async function insertNew<Row>(
  db: Db,
  table: SettingsTable,
  unique: SQLiteColumn,
  fields: Record<string, unknown>,
  clash: () => Error,
): Promise<Row> {
  const [row] = await db
    .insert(table)
    .values({ id: crypto.randomUUID(), ...fields, createdAt: Date.now() })
    .onConflictDoNothing({ target: unique })
    .returning();
  if (!row) throw clash();
  return row as Row;
}

/**
 * Applies `set` to the settings row with this id and answers the row (as it is when `set` is empty);
 * NOT_FOUND (with `notFound` as its message) when there is none, `clash()` when a unique column clashes.
 */
export async function updateById<Row>(
  db: Db,
  table: SettingsTable,
  id: string,
  set: Record<string, unknown>,
  notFound: string,
  clash: () => Error,
): Promise<Row> {
  try {
    const [row] = Object.keys(set).length
      ? await db.update(table).set(set).where(eq(table.id, id)).returning()
      : await db.select().from(table).where(eq(table.id, id));
    if (!row) throw domainError('NOT_FOUND', notFound);
    return row as Row;
  } catch (error) {
    if (isUniqueViolation(error)) throw clash();
    throw error;
  }
}

/** Deletes the settings row with this id; NOT_FOUND (with `notFound` as its message) when there is none. */
export async function deleteById(db: Db, table: SettingsTable, id: string, notFound: string): Promise<{ id: string }> {
  const [row] = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (!row) throw domainError('NOT_FOUND', notFound);
  return row as { id: string };
}
