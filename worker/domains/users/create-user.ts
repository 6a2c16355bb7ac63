import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users, type UserRow } from '../../db/schema/users';
import { domainError } from '../../lib/domain-error';

/**
 * Inserts a new user. While there is no superadmin, the one signing up with the named bootstrap
 * email (BOOTSTRAP_ADMIN_EMAIL) becomes an approved superadmin; anyone else, first or not, waits
 * for approval, so a fresh deploy cannot be taken over by whoever signs up first. The decision is
 * made inside the INSERT so two simultaneous sign-ups cannot both win.
 */
export async function createUser(
  db: Db,
  input: { email: string; name: string; passwordHash: string },
  bootstrapAdminEmail: string | null,
): Promise<UserRow> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const isFirst =
    bootstrapAdminEmail !== null && input.email.toLowerCase() === bootstrapAdminEmail.toLowerCase()
      ? sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.role} = 'superadmin')`
      : sql`0`;
  try {
    await db.run(sql`
      INSERT INTO ${users} (id, email, name, password_hash, role, approved, approved_at, created_at, updated_at)
      SELECT ${id}, ${input.email}, ${input.name}, ${input.passwordHash},
             CASE WHEN ${isFirst} THEN 'superadmin' ELSE 'user' END,
             CASE WHEN ${isFirst} THEN 1 ELSE 0 END,
             CASE WHEN ${isFirst} THEN ${now} ELSE NULL END,
             ${now}, ${now}`);
  } catch (err) {
    if (isUniqueViolation(err)) throw domainError('CONFLICT', 'An account with this email already exists');
    throw err;
  }
  const row = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, id) });
  if (!row) throw new Error('user vanished after insert');
  return row;
}
