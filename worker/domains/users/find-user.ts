import { eq } from 'drizzle-orm';
import { batchRead } from '../../db/batch-reads';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email.toLowerCase()) });
}

export function findUserById(db: Db, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** findUserById as a batch of one: the caller's fresh check rides in it (one D1 call for both). */
export async function findUserByIdRiding(db: Db, id: string) {
  const [user] = await batchRead(db, db.select().from(users).where(eq(users.id, id)).limit(1));
  return user;
}
