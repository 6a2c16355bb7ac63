import type { NewsDb } from '../../../db/client';
import { DAY } from '../../accounts/snapshot-store';

/**
 * docs/PRODUCT-RULES.md §8: 5 million headlines, about a year at the firm's rate. Headlines published more than
 * this long ago are deleted (their symbol rows, price checks and full-text entries go with them).
 */
export const NEWS_RETENTION_MS = 365 * DAY;

/**
 * At most this many headlines are deleted per cron tick, oldest first, so pruning never holds the
 * database long enough to stall ingestion (a tick's delete is one short statement; a backlog after
 * a long pause drains over several ticks).
 */
export const NEWS_PRUNE_PER_TICK = 500;

/** Deletes the oldest headlines past the retention, a bounded batch per call. Returns how many. */
export async function pruneOldNews(db: NewsDb, now: number, limit = NEWS_PRUNE_PER_TICK): Promise<number> {
  const result = await db.$client
    .prepare(
      `DELETE FROM news_items WHERE id IN (
         SELECT id FROM news_items WHERE ts < ?1 ORDER BY ts LIMIT ?2)
       RETURNING id`,
    )
    .bind(now - NEWS_RETENTION_MS, limit)
    .all();
  // Counted from RETURNING: D1's `changes` also counts the rows that triggers and cascades touched.
  return result.results.length;
}
