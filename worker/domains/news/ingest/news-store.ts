import { and, eq, gte } from 'drizzle-orm';
import type { NewsDb } from '../../../db/client';
import { newsItems } from '../../../db/schema-news';
import { THRESHOLD_WINDOWS } from '../../../contract/enums';
import type { NewsItemDto } from '../../../contract/news';
import type { NewsItemDraft } from '../types';
import { isHttpLink } from './normalise';

/** Same text within this window is one story, whichever source said it first. */
export const DEDUPE_WINDOW_MS = 10 * 60_000;

export async function findRecentDuplicate(db: NewsDb, dedupKey: string, ts: number) {
  return db.query.newsItems.findFirst({
    columns: { id: true, sourceId: true, receivedAt: true },
    where: and(eq(newsItems.dedupKey, dedupKey), gte(newsItems.ts, ts - DEDUPE_WINDOW_MS)),
  });
}

/**
 * A row written in the headline's own batch (its watch hits, its Telegram forwards): `sql` gets
 * the headline this batch stored as a one-row table `n (id, ts)` to select from — no row when the
 * batch stored nothing (a conflict), so a follow-up writes nothing either. Its parameters are
 * `params`, ?1…; the table's come after them.
 */
export interface StoreFollowUp {
  sql: (storedItem: string) => string;
  params: unknown[];
}

/**
 * The headline this batch stored: the newest row of its source and dedup key (inside the batch's
 * transaction nothing else can have been inserted in between) and stored at this batch's time (on
 * a conflict the newest row is an older one, stored before).
 */
const storedItem = (first: number) =>
  `(SELECT id, ts FROM news_items WHERE id = (SELECT max(id) FROM news_items WHERE source_id = ?${first} AND dedup_key = ?${first + 1}) AND stored_at = ?${first + 2}) n`;

/** What a stored headline looks like to the feed, its id aside (known once stored). */
export function storedItemDto(draft: NewsItemDraft, prices: Record<string, number>, storedAt: number, id = 0): NewsItemDto {
  return {
    id,
    ts: draft.ts,
    receivedAt: draft.receivedAt,
    publishedAt: draft.publishedAt,
    storedAt,
    sourceId: draft.sourceId,
    sourceKind: draft.sourceKind,
    author: draft.author ?? null,
    title: draft.title,
    body: draft.body ?? null,
    // The last guard before the feed renders it as a link: whatever the source, only http(s).
    url: draft.url && isHttpLink(draft.url) ? draft.url : null,
    symbols: draft.symbols,
    importance: draft.importance,
    isGarbage: draft.isGarbage,
    isTest: draft.isTest,
    onePctMovement: false,
    metadata: { ...draft.metadata, priceAtPublish: prices },
  };
}

/**
 * Stores an item with its symbol rows, price checks and follow-ups in one batch (all or nothing).
 * Symbol rows and price checks find the new id as the newest row carrying this item's source and
 * dedup key: inside the batch's transaction nothing else can have been inserted in between.
 */
export async function storeNewsItem(
  db: NewsDb,
  draft: NewsItemDraft,
  prices: Record<string, number>,
  storedAt = Date.now(),
  followUps: StoreFollowUp[] = [],
): Promise<NewsItemDto | null> {
  const d1 = db.$client;
  const { url } = storedItemDto(draft, prices, storedAt);
  const newestId = (source: string, key: string) =>
    `(SELECT max(id) FROM news_items WHERE source_id = ${source} AND dedup_key = ${key})`;
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT INTO news_items (ts, received_at, source_id, source_kind, external_id, author, title, body, url, symbols, importance, is_garbage, is_test, dedup_key, metadata, published_at, stored_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
         ON CONFLICT (source_id, external_id) DO NOTHING`,
      )
      .bind(
        draft.ts,
        draft.receivedAt,
        draft.sourceId,
        draft.sourceKind,
        draft.externalId ?? null,
        draft.author ?? null,
        draft.title,
        draft.body ?? null,
        url,
        JSON.stringify(draft.symbols),
        draft.importance,
        draft.isGarbage ? 1 : 0,
        draft.isTest ? 1 : 0,
        draft.dedupKey,
        JSON.stringify({
          ...draft.metadata,
          forwardToTelegram: draft.forwardToTelegram,
          sound: draft.sound,
          priceAtPublish: prices,
        }),
        draft.publishedAt,
        storedAt,
      ),
    ...draft.symbols.map((symbol) =>
      d1
        .prepare(`INSERT OR IGNORE INTO news_item_symbols (symbol, ts, item_id) SELECT ?1, ?2, ${newestId('?3', '?4')}`)
        .bind(symbol, draft.ts, draft.sourceId, draft.dedupKey),
    ),
    ...draft.symbols
      .filter((s) => prices[s] !== undefined)
      .flatMap((symbol) =>
        THRESHOLD_WINDOWS.map((m) =>
          d1
            .prepare(
              `INSERT OR IGNORE INTO price_checks (item_id, symbol, price_at_publish, due_at, window_minutes) SELECT ${newestId('?5', '?6')}, ?1, ?2, ?3, ?4`,
            )
            .bind(symbol, prices[symbol]!, draft.ts + m * 60_000, m, draft.sourceId, draft.dedupKey),
        ),
      ),
    ...followUps.map((f) =>
      d1.prepare(f.sql(storedItem(f.params.length + 1))).bind(...f.params, draft.sourceId, draft.dedupKey, storedAt),
    ),
  ]);
  if (!results[0]?.meta.changes) return null;
  return storedItemDto(draft, prices, storedAt, results[0].meta.last_row_id);
}
