import { sql } from 'drizzle-orm';
import type { NewsDb } from '../../../db/client';

/**
 * Leaf pages of FTS5 segment data merged per cron tick. Ingest writes one small segment per stored
 * headline (automerge is off, migration 0005), so a minute of headlines is a few dozen pages; the
 * rest of the budget finishes larger merges that earlier ticks began (FTS5 keeps their state).
 * Measured with a million items: ≈ 1 ms typical, ≈ 60 ms at most per call.
 */
export const MERGE_PAGES_PER_TICK = 500;

/**
 * Merges the full-text index's segments off the ingest path. A positive page count only merges
 * levels holding at least `usermerge` (4) segments, so an index with nothing to merge costs a read
 * of its structure record.
 */
export async function mergeNewsIndex(db: NewsDb, pages = MERGE_PAGES_PER_TICK): Promise<void> {
  await db.run(sql`INSERT INTO news_fts (news_fts, rank) VALUES ('merge', ${pages})`);
}
