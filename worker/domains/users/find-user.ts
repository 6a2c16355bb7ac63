import { eq, inArray } from 'drizzle-orm';
import { batchRead } from '../../db/batch-reads';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email.toLowerCase()) });
}

export function findUserById(db: Db, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/** Who acts and, when given, on whom: one read of both, unawaited (for a batch with a write's other reads). */
export function actorAndTargetQuery(db: Db, actorId: string, targetId: string | null) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, targetId ? [actorId, targetId] : [actorId]));
}

/** The actor's and the target's rows of actorAndTargetQuery (undefined: no such user, or no target asked). */
export function actorAndTarget(rows: Awaited<ReturnType<typeof actorAndTargetQuery>>, actorId: string, targetId: string | null) {
  return { actor: rows.find((r) => r.id === actorId), target: targetId ? rows.find((r) => r.id === targetId) : undefined };
}

/** findUserById as a batch of one: the caller's fresh check rides in it (one D1 call for both). */
export async function findUserByIdRiding(db: Db, id: string) {
  const [user] = await batchRead(db, db.select().from(users).where(eq(users.id, id)).limit(1));
  return user;
}
