import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, NewsDb } from '../../db/client';
import { watchlists } from '../../db/schema/watchlists';
import { newsItems, watchHits } from '../../db/schema-news';
import type { NewsItemDto } from '../../contract/news';
import type { WatchHitEvent } from '../../contract/watchlists';
import { logError } from '../../lib/log';
import { RegexBudget } from '../news/tagging/rule-regex';
import { toDto } from '../news/feed/feed-page';
import { COLUMNS, type Row } from '../news/feed/feed-query';
import { WatchIndex } from './watch-index';
import { queueWatchHitPushes } from './watch-hit-pushes';

/** Sends a hit to one user's open tabs (their alert hub). */
export type PushWatchHit = (userId: string, hit: WatchHitEvent) => Promise<unknown>;

export interface WatchHitDeps {
  db: Db;
  newsDb: NewsDb;
  push: PushWatchHit;
  /** Sends the Web Push rows just queued (the minute cron retries what it leaves). */
  deliverPushes?: () => Promise<unknown>;
}

/** Rows per INSERT: four values each, under D1's 100 bound parameters. */
const HITS_PER_INSERT = 24;

let cached: { version: string; index: WatchIndex } | undefined;

/**
 * The desk's watchlists as one index, rebuilt only when a list changed: each headline asks for the
 * lists' version (count, newest change, total size — one small read) instead of reading them all.
 */
export async function loadWatchIndex(db: Db): Promise<WatchIndex> {
  const [stamp] = await db
    .select({
      lists: sql<number>`count(*)`,
      changed: sql<number>`coalesce(max(${watchlists.updatedAt}), 0)`,
      size: sql<number>`coalesce(sum(length(${watchlists.entries})), 0)`,
    })
    .from(watchlists);
  const version = `${stamp?.lists}:${stamp?.changed}:${stamp?.size}`;
  if (cached?.version === version) return cached.index;
  const rows = await db.select({ id: watchlists.id, userId: watchlists.userId, entries: watchlists.entries }).from(watchlists);
  cached = { version, index: new WatchIndex(rows) };
  return cached.index;
}

/**
 * Matches a stored headline against every user's watchlists once (not once per viewer), keeps the
 * hits for each user's history and pushes each user theirs. Returns the hits (user → lists).
 * The index may have been read ahead; an edit in between counts from the next headline.
 */
export async function recordWatchHits(
  deps: WatchHitDeps,
  item: NewsItemDto,
  /** the index when it was read ahead (while the item was classified) */
  indexRead: Promise<WatchIndex> = loadWatchIndex(deps.db),
): Promise<Map<string, string[]>> {
  const index = await indexRead;
  const budget = new RegexBudget();
  const matched = index.match(item, budget);
  if (budget.exhausted) logError('watchlist patterns over the regex budget', new Error(`item ${item.id}: some patterns skipped`));
  const hits = new Map([...matched].map(([userId, lists]) => [userId, [...lists].sort()]));
  if (hits.size === 0) return hits;
  const rows = [...hits].map(([userId, watchlistIds]) => ({ userId, itemId: item.id, ts: item.ts, watchlistIds }));
  const inserts = [];
  for (let i = 0; i < rows.length; i += HITS_PER_INSERT)
    inserts.push(
      deps.newsDb
        .insert(watchHits)
        .values(rows.slice(i, i + HITS_PER_INSERT))
        .onConflictDoNothing(),
    );
  await deps.newsDb.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
  const event = {
    kind: 'watchHit',
    itemId: String(item.id),
    ts: item.ts,
    title: item.title,
    importance: item.importance,
    symbols: item.symbols,
  } as const;
  await Promise.allSettled([
    ...[...hits].map(([userId, watchlistIds]) => deps.push(userId, { ...event, watchlistIds })),
    queueWatchHitPushes(deps.db, item, hits).then(
      (queued) => (queued > 0 ? deps.deliverPushes?.() : undefined),
      (err: unknown) => logError('watchlist pushes not queued', err),
    ),
  ]);
  return hits;
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
