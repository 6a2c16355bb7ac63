import { asc, sql } from 'drizzle-orm';
import type { Db, NewsDb } from '../../db/client';
import { newsForwards } from '../../db/schema-news';
import type { StoreFollowUp } from '../news/ingest/news-store';
import { insertOutboxRows } from '../outbox/outbox-store';
import { newsOutboxRow, type TelegramForward } from './telegram-outbox';

/**
 * A headline's Telegram forwards travel with it: the outbox is in the main database, the headline
 * in the news database, and a D1 batch (the only transaction) cannot span the two. So the forwards
 * are written in the headline's own batch (news_forwards: all or nothing with the headline, none
 * for a headline that was not stored) and moved to the outbox right after, in the background; the
 * minute cron moves any that move left behind (a failed write, an evicted isolate). The outbox's
 * dedup key (`news:<item>:<chat>`) makes a move that runs twice queue each message once.
 */

export type StagedForward = typeof newsForwards.$inferSelect;

/** The forward's rows, in the headline's batch (news-store.ts StoreFollowUp). */
export const stagedForwardsFollowUp = (forward: TelegramForward, now: number): StoreFollowUp => ({
  sql: (item) =>
    `INSERT INTO news_forwards (item_id, target, payload, created_at)
     SELECT n.id, j.value, ?2, ?3 FROM json_each(?1) j, ${item} WHERE true ON CONFLICT DO NOTHING`,
  params: [JSON.stringify(forward.targets), JSON.stringify(forward.payload), now],
});

/** The staged rows of a stored headline, as news_forwards holds them (for the move right after). */
export const stagedForwards = (itemId: number, forward: TelegramForward, now: number): StagedForward[] =>
  forward.targets.map((target) => ({ itemId, target, payload: forward.payload, createdAt: now }));

/** Queues the rows in the outbox (idempotent by dedup key), then drops them from news_forwards. */
export async function moveForwardsToOutbox(db: Db, newsDb: NewsDb, rows: StagedForward[], now = Date.now()) {
  if (rows.length === 0) return;
  await insertOutboxRows(
    db,
    rows.map((r) => newsOutboxRow(r.itemId, r.target, r.payload, r.createdAt, now)),
  );
  const keys = JSON.stringify(rows.map((r) => [r.itemId, r.target]));
  await newsDb.run(
    sql`DELETE FROM ${newsForwards} WHERE (item_id, target) IN (SELECT value ->> 0, value ->> 1 FROM json_each(${keys}))`,
  );
}

/** The minute cron's catch-up: moves what is still staged, oldest first (bounded per run). */
export async function sweepNewsForwards(db: Db, newsDb: NewsDb, now = Date.now(), limit = 200) {
  const rows = await newsDb.select().from(newsForwards).orderBy(asc(newsForwards.itemId)).limit(limit);
  await moveForwardsToOutbox(db, newsDb, rows, now);
  return { moved: rows.length };
}
