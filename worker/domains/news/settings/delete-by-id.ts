import { eq } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import { domainError } from '../../../lib/domain-error';

/** Deletes the settings row with this id; NOT_FOUND (with `notFound` as its message) when there is none. */
export async function deleteById(
  db: Db,
  table: SQLiteTable & { id: SQLiteColumn },
  id: string,
  notFound: string,
): Promise<{ id: string }> {
  const [row] = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (!row) throw domainError('NOT_FOUND', notFound);
  return row as { id: string };
}
