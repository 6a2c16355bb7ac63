import type { NewsDb } from '../../../db/client';

export interface LatencyFigures {
  /** Headlines in the window whose publication time is known. */
  count: number;
  /** Publication → stored, ms (nearest-rank percentiles). */
  p50: number | null;
  p99: number | null;
}

export const LATENCY_WINDOW_MS = 24 * 3_600_000;

/**
 * Per source, over the last 24 h: how long its headlines took from the source's own publication
 * to being stored (and pushed to every open feed). Items whose source gave no publication time are
 * left out (their delay is unknown); rows stored before stored_at existed count receipt instead.
 * X posts are one figure for all handles (key 'twitter'), everything else is keyed by source id.
 */
export async function latencyBySource(
  newsDb: NewsDb,
  now: number,
  windowMs = LATENCY_WINDOW_MS,
): Promise<Map<string, LatencyFigures>> {
  const { results } = await newsDb.$client
    .prepare(
      // Nested selects rather than a WITH: a statement that starts with SELECT is a read to the
      // request's admission gate (db/d1-intercept.ts), so it rides beside the caller's check.
      `SELECT key, n AS count,
              min(CASE WHEN rn >= (n * 50 + 99) / 100 THEN ms END) AS p50,
              min(CASE WHEN rn >= (n * 99 + 99) / 100 THEN ms END) AS p99
       FROM (
         SELECT key, ms, row_number() OVER (PARTITION BY key ORDER BY ms) AS rn, count(*) OVER (PARTITION BY key) AS n
         FROM (
           SELECT CASE WHEN source_kind = 'twitter' THEN 'twitter' ELSE source_id END AS key,
                  coalesce(stored_at, received_at) - ts AS ms
           FROM news_items
           WHERE ts >= ?1 AND NOT (published_at IS NULL AND stored_at IS NOT NULL)
         )
       )
       GROUP BY key`,
    )
    .bind(now - windowMs)
    .all<{ key: string; count: number; p50: number | null; p99: number | null }>();
  return new Map(results.map((r) => [r.key, { count: r.count, p50: r.p50, p99: r.p99 }]));
}
