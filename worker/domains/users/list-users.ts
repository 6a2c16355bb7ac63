import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { toUserDto } from './user-dto';

export interface ListUsersQuery {
  search?: string;
  status?: 'all' | 'pending' | 'approved' | 'disabled';
  page: number;
  pageSize: number;
}

/**
 * A substring test without LIKE: D1 refuses LIKE patterns over 50 bytes (a 500 for any longer
 * search, found by the fuzz suite), and instr() needs no wildcard escaping. Lower-casing both sides
 * matches LIKE's ASCII-only case folding.
 */
const contains = (column: typeof users.email | typeof users.name, needle: string) => sql`instr(lower(${column}), ${needle}) > 0`;

export async function listUsers(db: Db, q: ListUsersQuery) {
  const filters: SQL[] = [];
  if (q.search) {
    const needle = q.search.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
    filters.push(or(contains(users.email, needle), contains(users.name, needle))!);
  }
  if (q.status === 'pending') filters.push(eq(users.approved, false));
  if (q.status === 'approved') filters.push(eq(users.approved, true));
  if (q.status === 'disabled') filters.push(eq(users.disabled, true));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toUserDto), total: totals[0]?.total ?? 0, page: q.page, pageSize: q.pageSize };
}
