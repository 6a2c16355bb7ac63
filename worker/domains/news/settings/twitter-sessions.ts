import { asc, eq, inArray } from 'drizzle-orm';
import type { TwitterPollingSessionDto, TwitterPollingSessionFields } from '../../../contract/server-fns/news-twitter';
import type { Db } from '../../../db/client';
import { twitterHandles, twitterPollingSessions } from '../../../db/schema/news';
import { domainError } from '../../../lib/domain-error';
import type { RateBudget } from '../../../contract/news-pollers';
import { assertWithinXBudget } from '../pollers/rate-budget';
import { deleteById } from './by-id';

function toDto(row: typeof twitterPollingSessions.$inferSelect): TwitterPollingSessionDto {
  const { cursors: _cursors, ...session } = row;
  return session;
}

/** Handle ids must name existing handles: a 400 naming the field, like any other input problem. */
async function assertHandlesExist(db: Db, handleIds: string[]) {
  if (!handleIds.length) return;
  const found = await db.select({ id: twitterHandles.id }).from(twitterHandles).where(inArray(twitterHandles.id, handleIds));
  const known = new Set(found.map((row) => row.id));
  const missing = handleIds.filter((id) => !known.has(id));
  if (missing.length) {
    throw domainError('BAD_REQUEST', `Unknown twitter handle id: ${missing.join(', ')}`, {
      issues: [{ path: ['handleIds'], message: `Unknown twitter handle id: ${missing.join(', ')}` }],
    });
  }
}

export async function listTwitterPollingSessions(db: Db): Promise<TwitterPollingSessionDto[]> {
  const rows = await db
    .select()
    .from(twitterPollingSessions)
    .orderBy(asc(twitterPollingSessions.createdAt), asc(twitterPollingSessions.id));
  return rows.map(toDto);
}

/** Refused when its interval would take the sessions past the X plan's budget (see rate-budget.ts). */
export async function createTwitterPollingSession(
  db: Db,
  fields: TwitterPollingSessionFields,
  budget: RateBudget,
): Promise<TwitterPollingSessionDto> {
  await assertHandlesExist(db, fields.handleIds);
  const id = crypto.randomUUID();
  await assertWithinXBudget(db, budget, { id, ...fields });
  const [row] = await db
    .insert(twitterPollingSessions)
    .values({ id, ...fields, cursors: {}, createdAt: Date.now() })
    .returning();
  return toDto(row!);
}

export async function updateTwitterPollingSession(
  db: Db,
  id: string,
  updates: Partial<TwitterPollingSessionFields>,
  budget: RateBudget,
): Promise<TwitterPollingSessionDto> {
  const current = await db.select().from(twitterPollingSessions).where(eq(twitterPollingSessions.id, id)).get();
  if (!current) throw domainError('NOT_FOUND', 'Twitter polling session not found');
  if (!Object.keys(updates).length) return toDto(current);
  // Only a change that can cost more is judged: a session already over (the plan shrank) can still be slowed or disabled.
  const next = { ...current, ...updates };
  const costsMore =
    next.enabled &&
    (updates.enabled === true ||
      (updates.intervalSeconds ?? current.intervalSeconds) < current.intervalSeconds ||
      updates.handleIds !== undefined);
  if (costsMore) await assertWithinXBudget(db, budget, next);
  let cursors: Record<string, string> | undefined;
  if (updates.handleIds) {
    await assertHandlesExist(db, updates.handleIds);
    // A handle taken out loses its since-id: added back later, it starts from its newest tweets
    // instead of replaying everything since. Untouched otherwise, so the poller's cursors stay.
    const kept = new Set(updates.handleIds);
    const entries = Object.entries(current.cursors);
    if (entries.some(([handleId]) => !kept.has(handleId)))
      cursors = Object.fromEntries(entries.filter(([handleId]) => kept.has(handleId)));
  }
  const [row] = await db
    .update(twitterPollingSessions)
    .set({ ...updates, ...(cursors ? { cursors } : {}) })
    .where(eq(twitterPollingSessions.id, id))
    .returning();
  if (!row) throw domainError('NOT_FOUND', 'Twitter polling session not found');
  return toDto(row);
}

export async function deleteTwitterPollingSession(db: Db, id: string): Promise<{ id: string }> {
  return deleteById(db, twitterPollingSessions, id, 'Twitter polling session not found');
}
