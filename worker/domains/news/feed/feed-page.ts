import type { NewsDb } from '../../../db/client';
import type { NewsItemDto } from '../../../contract/news';
import { encodeFeedCursor } from './feed-cursor';
import { feedStatement, type FeedPage, type FeedQuery, type Row } from './feed-query';
import { searchNewestFirst, tagsCarried } from './feed-search';

export async function queryFeed(db: NewsDb, q: FeedQuery): Promise<FeedPage> {
  const rows =
    q.words && q.sortBy !== 'importance' && q.sortOrder === 'desc' && tagsCarried(q)
      ? await searchNewestFirst(db, q, q.words)
      : await db.all<Row>(feedStatement(q));
  const last = rows.at(-1);
  // Keyset paging follows the timestamp order; the importance order is one page (its rank is not
  // an indexed column to seek on).
  const nextCursor = q.sortBy !== 'importance' && last && rows.length === q.limit ? encodeFeedCursor(last) : null;
  return { items: rows.map((r) => toDto(r, q.includeMetadata)), nextCursor };
}

export function toDto(r: Row, includeMetadata: boolean): NewsItemDto {
  const item: NewsItemDto = {
    id: r.id,
    ts: r.ts,
    receivedAt: r.receivedAt,
    publishedAt: r.publishedAt ?? null,
    storedAt: r.storedAt ?? null,
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
  const also = r.alsoReported ? (JSON.parse(r.alsoReported) as NewsItemDto['alsoReportedBy']) : undefined;
  if (also?.length) item.alsoReportedBy = also;
  if (includeMetadata) item.metadata = JSON.parse(r.metadata ?? '{}') as Record<string, unknown>;
  return item;
}
