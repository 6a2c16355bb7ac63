import { asc, eq, sql } from 'drizzle-orm';
import type { TwitterHandleDto, TwitterHandleFields } from '../../../contract/server-fns/news-twitter';
import type { Db } from '../../../db/client';
import { twitterHandles, twitterPollingSessions } from '../../../db/schema/news';
import { domainError } from '../../../lib/domain-error';
import { insertNew, updateById } from './by-id';

const clash = (handle?: string) =>
  domainError('CONFLICT', handle ? `@${handle} is already configured` : 'This handle is already configured');

export function listTwitterHandles(db: Db): Promise<TwitterHandleDto[]> {
  return db.select().from(twitterHandles).orderBy(asc(twitterHandles.handle));
}

export function createTwitterHandle(db: Db, fields: TwitterHandleFields): Promise<TwitterHandleDto> {
  return insertNew(db, twitterHandles, twitterHandles.handle, fields, () => clash(fields.handle));
}

export async function updateTwitterHandle(db: Db, id: string, updates: Partial<TwitterHandleFields>): Promise<TwitterHandleDto> {
  // A renamed handle is another X account: its user id is no longer known.
  const set = updates.handle !== undefined && updates.userId === undefined ? { ...updates, userId: null } : updates;
  return updateById(db, twitterHandles, id, set, 'Twitter handle not found', () => clash(updates.handle));
}

/**
 * Deletes the handle and, in the same batch, takes it out of every polling session (its id from
 * handleIds, its since-id from cursors), so no session points at a handle that is gone.
 */
export async function deleteTwitterHandle(db: Db, id: string): Promise<{ id: string }> {
  const sessions = twitterPollingSessions;
  const [, deleted] = await db.batch([
    db
      .update(sessions)
      .set({
        handleIds: sql`(SELECT json_group_array(value) FROM json_each(${sessions.handleIds}) WHERE value <> ${id})`,
        cursors: sql`json_remove(${sessions.cursors}, ${`$."${id}"`})`,
      })
      .where(sql`EXISTS (SELECT 1 FROM json_each(${sessions.handleIds}) WHERE value = ${id})`),
    db.delete(twitterHandles).where(eq(twitterHandles.id, id)).returning({ id: twitterHandles.id }),
  ]);
  if (!deleted[0]) throw domainError('NOT_FOUND', 'Twitter handle not found');
  return deleted[0];
}
