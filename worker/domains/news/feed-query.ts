import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { NewsItemDto } from '../../rpc/contract/news';

export interface FeedQuery {
  limit: number;
  importance?: string[];
  symbols?: string[];
  sources?: string[];
  /** A safe FTS5 MATCH expression (see fts-query.ts), or null/undefined. */
  match?: string | null;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  onePctMovement?: true;
  excludeGarbage: boolean;
  excludeTestNews: boolean;
  includeMetadata: boolean;
  before?: number;
}

interface Row {
  id: number;
  ts: number;
  receivedAt: number;
  sourceId: string;
  sourceKind: string;
  author: string | null;
  title: string;
  body: string | null;
  url: string | null;
  symbols: string;
  importance: NewsItemDto['importance'];
  isGarbage: number;
  isTest: number;
  onePctMovement: number;
  metadata: string;
}

// Higher is more important, so the default "desc" puts critical first.
const IMPORTANCE_RANK = sql.raw("CASE n.importance WHEN 'critical' THEN 3 WHEN 'high' THEN 2 WHEN 'medium' THEN 1 ELSE 0 END");
const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * One statement per feed request. Every filter is an indexed column or an IN over an index (the
 * symbols table, FTS5 rowids), and ordering by ts walks the feed index, so the newest page of a
 * million items stays a short index walk.
 */
export async function queryFeed(db: Db, q: FeedQuery): Promise<NewsItemDto[]> {
  const where: SQL[] = [];
  if (q.excludeGarbage) where.push(sql`n.is_garbage = 0`);
  if (q.excludeTestNews) where.push(sql`n.is_test = 0`);
  if (q.onePctMovement) where.push(sql`n.one_pct_movement = 1`);
  if (q.before !== undefined) where.push(sql`n.ts < ${q.before}`);
  if (q.importance?.length) where.push(sql`n.importance IN (${list(q.importance)})`);
  if (q.sources?.length) where.push(sql`(n.source_kind IN (${list(q.sources)}) OR n.source_id IN (${list(q.sources)}))`);
  if (q.symbols?.length) where.push(sql`n.id IN (SELECT item_id FROM news_item_symbols WHERE symbol IN (${list(q.symbols)}))`);
  if (q.match) where.push(sql`n.id IN (SELECT rowid FROM news_fts WHERE news_fts MATCH ${q.match})`);
  const direction = sql.raw(q.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const order = q.sortBy === 'importance' ? sql`${IMPORTANCE_RANK} ${direction}, n.ts DESC` : sql`n.ts ${direction}`;
  const rows = await db.all<Row>(sql`
    SELECT n.id, n.ts, n.received_at AS receivedAt, n.source_id AS sourceId, n.source_kind AS sourceKind, n.author, n.title, n.body,
           n.url, n.symbols, n.importance, n.is_garbage AS isGarbage, n.is_test AS isTest, n.one_pct_movement AS onePctMovement, n.metadata
    FROM news_items n
    ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
    ORDER BY ${order}
    LIMIT ${q.limit}`);
  return rows.map((r) => toDto(r, q.includeMetadata));
}

export function toDto(r: Row, includeMetadata: boolean): NewsItemDto {
  const item: NewsItemDto = {
    id: r.id,
    ts: r.ts,
    receivedAt: r.receivedAt,
    sourceId: r.sourceId,
    sourceKind: r.sourceKind,
    author: r.author,
    title: r.title,
    body: r.body,
    url: r.url,
    symbols: JSON.parse(r.symbols) as string[],
    importance: r.importance,
    isGarbage: !!r.isGarbage,
    isTest: !!r.isTest,
    onePctMovement: !!r.onePctMovement,
  };
  if (includeMetadata) item.metadata = JSON.parse(r.metadata) as Record<string, unknown>;
  return item;
}
