import { sql } from 'drizzle-orm';
import type { NewsDb } from '../../../db/client';
import type { NewsItemDto } from '../../../contract/news';
import { COLUMNS, type Row } from './feed-query';
import { toDto } from './feed-page';

/**
 * The catch-up after a reconnect: every shown item (no garbage, no test items) stored after
 * `afterId`, oldest first. Ids grow with each stored item and the live stream publishes items as they
 * are stored, so these are exactly the items the stream delivered while the client was away
 * (a client that dedupes by id may ask with the newest id it holds). At most `limit`;
 * `complete: false` says there were more.
 */
export async function newsSince(
  db: NewsDb,
  afterId: number,
  limit: number,
): Promise<{ items: NewsItemDto[]; complete: boolean }> {
  const rows = await db.all<Row>(
    sql`SELECT ${COLUMNS} FROM news_items n WHERE n.id > ${afterId} AND n.is_garbage = 0 AND n.is_test = 0 ORDER BY n.id LIMIT ${limit + 1}`,
  );
  return { items: rows.slice(0, limit).map((r) => toDto(r, true)), complete: rows.length <= limit };
}
