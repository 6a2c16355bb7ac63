import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, NewsDb } from '../../db/client';
import { watchlists } from '../../db/schema/watchlists';
import { newsItems, watchHits } from '../../db/schema-news';
import type { NewsItemDto } from '../../contract/news';
import type { WatchEntry, WatchHitEvent } from '../../contract/watchlists';
import { logError } from '../../lib/log';
import { RegexBudget } from '../news/tagging/rule-regex';
import { toDto } from '../news/feed/feed-page';
import { COLUMNS, type Row } from '../news/feed/feed-query';
import { WatchIndex, type WatchSubject } from './watch-index';
import type { StoreFollowUp } from '../news/ingest/news-store';
import { queueWatchHitPushes } from './watch-hit-pushes';

/** Sends a hit to one user's open tabs (their alert hub). */
export type PushWatchHit = (userId: string, hit: WatchHitEvent) => Promise<unknown>;

export interface WatchHitDeps {
  db: Db;
  push: PushWatchHit;
  /** Sends the Web Push rows just queued (the minute cron retries what it leaves). */
  deliverPushes?: () => Promise<unknown>;
}

let cached: { version: string; index: WatchIndex } | undefined;

/**
 * The desk's watchlists as one index, rebuilt only when a list changed: each headline asks for the
 * lists' version (count, newest change, total size — one small read) and, in the same statement,
 * for the lists themselves only when the version is not the one this isolate holds: one round
 * either way (a headline's store waits for its watch hits, news-ingest.ts). The version is a
 * constant condition, checked once before the lists are walked; an empty desk answers one empty row.
 */
export async function loadWatchIndex(db: Db): Promise<WatchIndex> {
  const known = cached;
  // A plain SELECT (not WITH), so it reads at once beside the caller's check (admit-alongside.ts).
  const rows = await db.all<{ id: string | null; user_id: string; entries: string; updated_at: number; size: number }>(
    sql`SELECT id, user_id, entries, updated_at, length(entries) AS size FROM ${watchlists}
        WHERE (SELECT count(*) || ':' || coalesce(max(updated_at), 0) || ':' || coalesce(sum(length(entries)), 0) FROM ${watchlists})
          <> ${known?.version ?? ''}
        UNION ALL SELECT NULL, NULL, NULL, NULL, NULL WHERE NOT EXISTS (SELECT 1 FROM ${watchlists})`,
  );
  const lists = rows.filter((r) => r.id !== null);
  // The same version the statement computes, from the rows it answered.
  const changed = lists.reduce((max, r) => Math.max(max, r.updated_at), 0);
  const version = `${lists.length}:${changed}:${lists.reduce((n, r) => n + r.size, 0)}`;
  if (known && (rows.length === 0 || known.version === version)) return known.index;
  const index = new WatchIndex(
    lists.map((r) => ({ id: r.id!, userId: r.user_id, entries: JSON.parse(r.entries) as WatchEntry[] })),
  );
  cached = { version, index };
  return index;
}

/**
 * Matches a headline against every user's watchlists once (not once per viewer): user → their
 * lists hit, sorted. The index may have been read ahead; an edit in between counts from the next
 * headline.
 */
export function matchWatchHits(index: WatchIndex, item: WatchSubject & { id?: number }): Map<string, string[]> {
  const budget = new RegexBudget();
  const matched = index.match(item, budget);
  if (budget.exhausted)
    logError('watchlist patterns over the regex budget', new Error(`item ${item.id ?? item.title}: some patterns skipped`));
  return new Map([...matched].map(([userId, lists]) => [userId, [...lists].sort()]));
}

/**
 * The hits' rows in the headline's own batch (news-store.ts StoreFollowUp): all or nothing with
 * the headline, none when it was not stored. One statement whatever the count (json_each: under
 * D1's 100 bound parameters).
 */
export const watchHitsFollowUp = (hits: Map<string, string[]>): StoreFollowUp => ({
  sql: (item) =>
    `INSERT INTO watch_hits (user_id, item_id, ts, watchlist_ids)
     SELECT j.value ->> 0, n.id, n.ts, j.value -> 1 FROM json_each(?1) j, ${item} WHERE true ON CONFLICT DO NOTHING`,
  params: [JSON.stringify([...hits])],
});

/**
 * Tells each user of a stored headline's hits: their open tabs (awaited) and their devices (Web
 * Push queued through the outbox, in `background` when given, as a fill's push).
 */
export async function announceWatchHits(
  deps: WatchHitDeps,
  item: NewsItemDto,
  hits: Map<string, string[]>,
  background?: (work: () => Promise<unknown>) => void,
) {
  if (hits.size === 0) return;
  const event = {
    kind: 'watchHit',
    itemId: String(item.id),
    ts: item.ts,
    title: item.title,
    importance: item.importance,
    symbols: item.symbols,
  } as const;
  const queue = () =>
    queueWatchHitPushes(deps.db, item, hits).then(
      (queued) => (queued > 0 ? deps.deliverPushes?.() : undefined),
      (err: unknown) => logError('watchlist pushes not queued', err),
    );
  await Promise.allSettled([
    ...[...hits].map(([userId, watchlistIds]) => deps.push(userId, { ...event, watchlistIds })),
    background ? background(queue) : queue(),
  ]);
}

/** The caller's hits, newest first, with their headlines (the feed's "my watchlists" view). */
export async function listWatchHits(
  newsDb: NewsDb,
  userId: string,
  opts: { limit: number; after?: { ts: number; itemId: number } },
) {
  const after = opts.after && sql`(${watchHits.ts}, ${watchHits.itemId}) < (${opts.after.ts}, ${opts.after.itemId})`;
  const hits = await newsDb
    .select()
    .from(watchHits)
    .where(and(eq(watchHits.userId, userId), after))
    .orderBy(desc(watchHits.ts), desc(watchHits.itemId))
    .limit(opts.limit);
  if (hits.length === 0) return [];
  const ids = JSON.stringify(hits.map((h) => h.itemId));
  const items = await newsDb.all<Row>(
    sql`SELECT ${COLUMNS} FROM ${newsItems} n WHERE n.id IN (SELECT value FROM json_each(${ids}))`,
  );
  const byId = new Map(items.map((r) => [r.id, r]));
  return hits.flatMap((h) => {
    const row = byId.get(h.itemId);
    return row ? [{ item: toDto(row, false), watchlistIds: h.watchlistIds }] : [];
  });
}
