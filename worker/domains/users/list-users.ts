import { and, count, desc, eq, like, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { toUserDto } from './user-dto';

export interface ListUsersQuery {
  search?: string;
  status?: 'all' | 'pending' | 'approved' | 'disabled';
  page: number;
  pageSize: number;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export async function listUsers(db: Db, q: ListUsersQuery) {
  const filters: SQL[] = [];
  if (q.search) {
    const pattern = `%${escapeLike(q.search.toLowerCase())}%`;
    filters.push(or(like(users.email, pattern), like(users.name, pattern))!);
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
