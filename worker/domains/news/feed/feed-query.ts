import { sql, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { NewsItemDto } from '../../../contract/news';
import type { FeedCursor } from './feed-cursor';
import type { FtsSearch } from './fts-query';
import { WORDS } from './fts-query';

export interface FeedQuery {
  limit: number;
  importance?: string[];
  symbols?: string[];
  sources?: string[];
  /** The search box's words (fts-query.ts toFtsSearch), or null/undefined. */
  words?: FtsSearch | null;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  onePctMovement?: true;
  excludeGarbage: boolean;
  excludeTestNews: boolean;
  includeMetadata: boolean;
  /** Timestamp order only: the items after this (ts, id) position in the requested direction. */
  cursor?: FeedCursor;
  /** Legacy paging: ts strictly below this. */
  before?: number;
  /** "My watchlists": only the headlines that hit this user's lists (the watch_hits table). */
  watchUserId?: string;
}

export interface FeedPage {
  items: NewsItemDto[];
  /** Where the next page starts (timestamp order, full page); null when there is none. */
  nextCursor: string | null;
}

/** A feed row as D1 returns it: the item's fields, lists as JSON text and flags as 0/1. */
export type Row = Omit<NewsItemDto, 'symbols' | 'isGarbage' | 'isTest' | 'onePctMovement' | 'metadata' | 'alsoReportedBy'> & {
  symbols: string;
  /** JSON array of AlsoReportedEntry, or null. */
  alsoReported?: string | null;
  isGarbage: number;
  isTest: number;
  onePctMovement: number;
  /** JSON text; null when the request did not ask for it (columnsFor). */
  metadata: string | null;
};

// Higher is more important, so the default "desc" puts critical first.
const IMPORTANCE_ORDER = sql.raw("CASE n.importance WHEN 'critical' THEN 3 WHEN 'high' THEN 2 WHEN 'medium' THEN 1 ELSE 0 END");
/**
 * The values of an IN list. Short lists bind a parameter per value (the planner sees them); longer
 * ones bind one JSON array, so no request (lists of up to 50) takes a statement past D1's 100.
 */
const LIST_INLINE_MAX = 8;
export const list = (values: string[]) =>
  values.length <= LIST_INLINE_MAX
    ? sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )
    : sql`SELECT value FROM json_each(${JSON.stringify(values)})`;

/** The feed row's columns of `news_items n`, as SQL text and as a drizzle fragment. */
export const COLUMNS_SQL = `n.id, n.ts, n.received_at AS receivedAt, n.source_id AS sourceId, n.source_kind AS sourceKind, n.author,
  n.title, n.body, n.url, n.symbols, n.importance, n.is_garbage AS isGarbage, n.is_test AS isTest,
  n.one_pct_movement AS onePctMovement, n.metadata, n.published_at AS publishedAt, n.stored_at AS storedAt,
  n.also_reported AS alsoReported`;
export const COLUMNS = sql.raw(COLUMNS_SQL);
/** The same without the metadata (a page's largest column) when the request does not ask for it. */
const WITHOUT_METADATA = sql.raw(COLUMNS_SQL.replace('n.metadata,', 'NULL AS metadata,'));
export const columnsFor = (q: Pick<FeedQuery, 'includeMetadata'>) => (q.includeMetadata ? COLUMNS : WITHOUT_METADATA);

/** The rows after the cursor in the page's direction, on the walked index's (ts, id) columns. */
const afterCursor = (q: FeedQuery, cursor: FeedCursor, columns: 'n.ts, n.id' | 's.ts, s.item_id' | 'h.ts, h.item_id') =>
  sql`(${sql.raw(columns)}) ${sql.raw(q.sortOrder === 'asc' ? '>' : '<')} (${cursor.ts}, ${cursor.id})`;

/** The filters a search applies beside the index (the index carries the others, feed-search.ts). */
export function joinFilters(q: FeedQuery): SQL[] {
  const where: SQL[] = [];
  if (q.onePctMovement) where.push(sql`n.one_pct_movement = 1`);
  if (q.before !== undefined) where.push(sql`n.ts < ${q.before}`);
  if (q.cursor) where.push(afterCursor(q, q.cursor, 'n.ts, n.id'));
  if (q.sources?.length) where.push(sql`(n.source_kind IN (${list(q.sources)}) OR n.source_id IN (${list(q.sources)}))`);
  if (q.watchUserId !== undefined) where.push(sql`n.id IN (SELECT item_id FROM watch_hits WHERE user_id = ${q.watchUserId})`);
  return where;
}

/** Every filter of the request except the full-text match. */
function filters(q: FeedQuery): SQL[] {
  const where: SQL[] = [];
  if (q.excludeGarbage) where.push(sql`n.is_garbage = 0`);
  if (q.excludeTestNews) where.push(sql`n.is_test = 0`);
  where.push(...joinFilters(q));
  if (q.importance?.length) where.push(sql`n.importance IN (${list(q.importance)})`);
  if (q.symbols?.length) where.push(sql`n.id IN (SELECT item_id FROM news_item_symbols WHERE symbol IN (${list(q.symbols)}))`);
  return where;
}

/**
 * Symbol filters in timestamp order: one walk of the symbol index (symbol, ts, item_id) per symbol,
 * in the page's order, each stopping at its first `limit` items that pass the other filters; the
 * page is the first `limit` of their union. Exact: an item on the page is among the first `limit` of
 * every symbol it matched. The plain statement's `id IN (every item of the symbols)` built a set of
 * ~80,000 ids per symbol with a million items before reading a row (16 ms for one symbol, 155 ms for
 * four); this reads about as many rows as the page needs. The symbol rows carry the item's ts.
 */
function bySymbolStatement(q: FeedQuery & { symbols: string[] }): SQL {
  const where = filters({ ...q, symbols: undefined, cursor: undefined });
  if (q.cursor) where.push(afterCursor(q, q.cursor, 's.ts, s.item_id'));
  const direction = sql.raw(q.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const walks = [...new Set(q.symbols)].map(
    (symbol) => sql`SELECT * FROM (SELECT ${columnsFor(q)} FROM news_item_symbols s CROSS JOIN news_items n ON n.id = s.item_id
      ${whereClause([sql`s.symbol = ${symbol}`, ...where])} ORDER BY s.ts ${direction}, s.item_id ${direction} LIMIT ${q.limit})`,
  );
  // UNION drops the second copy of an item that matched two of the symbols.
  return sql`SELECT * FROM (${sql.join(walks, sql` UNION `)}) ORDER BY ts ${direction}, id ${direction} LIMIT ${q.limit}`;
}

/**
 * "My watchlists" in timestamp order: one walk of the user's hits (primary key user_id, ts, item_id;
 * a hit keeps its headline's ts), each hit's row read by id and the other filters applied to it,
 * stopping at the page. The cursor is a range on that key, so paging stays exact; an unfiltered
 * page reads as many hits as it shows, not every headline of the feed.
 */
function byWatchStatement(q: FeedQuery & { watchUserId: string }): SQL {
  const where = filters({ ...q, watchUserId: undefined, cursor: undefined });
  if (q.cursor) where.push(afterCursor(q, q.cursor, 'h.ts, h.item_id'));
  const direction = sql.raw(q.sortOrder === 'asc' ? 'ASC' : 'DESC');
  return sql`SELECT ${columnsFor(q)} FROM watch_hits h CROSS JOIN news_items n ON n.id = h.item_id
    ${whereClause([sql`h.user_id = ${q.watchUserId}`, ...where])} ORDER BY h.ts ${direction}, h.item_id ${direction} LIMIT ${q.limit}`;
}

/** D1 binds at most this many parameters a statement. */
const D1_MAX_PARAMS = 100;
const dialect = new SQLiteAsyncDialect();

const whereClause = (where: SQL[]) => (where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``);

/**
 * One statement per feed request. Every filter is an indexed column or an IN over an index (the
 * symbols table, FTS5 rowids), and ordering by (ts, id) walks the feed index (whose entries end
 * with the rowid, i.e. id), so the newest page of a million items stays a short index walk; the
 * cursor is a range on that same index.
 */
export function feedStatement(q: FeedQuery): SQL {
  if (q.watchUserId !== undefined && !q.words && q.sortBy !== 'importance')
    return byWatchStatement({ ...q, watchUserId: q.watchUserId });
  if (q.symbols?.length && !q.words && q.sortBy !== 'importance') {
    const walks = bySymbolStatement({ ...q, symbols: q.symbols });
    // Each walk binds the other filters again: many symbols with many filters take the plain statement.
    if (dialect.sqlToQuery(walks).params.length <= D1_MAX_PARAMS) return walks;
  }
  const where = filters(q);
  if (q.words) where.push(sql`n.id IN (SELECT rowid FROM news_fts WHERE news_fts MATCH ${`${WORDS} : (${q.words.match})`})`);
  const direction = sql.raw(q.sortOrder === 'asc' ? 'ASC' : 'DESC');
  // id breaks ties between items of one millisecond, so the order (and the cursor) is total.
  const order =
    q.sortBy === 'importance'
      ? sql`${IMPORTANCE_ORDER} ${direction}, n.ts DESC, n.id DESC`
      : sql`n.ts ${direction}, n.id ${direction}`;
  return sql`SELECT ${columnsFor(q)} FROM news_items n ${whereClause(where)} ORDER BY ${order} LIMIT ${q.limit}`;
}
