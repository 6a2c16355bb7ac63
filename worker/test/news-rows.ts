import { twitterPollingSessions, type outbox } from '../db/schema/news';
import { newsItems, newsItemSymbols, priceChecks } from '../db/schema-news';
import { db, newsDb } from './harness';

type NewsItemRow = typeof newsItems.$inferInsert;
type SessionRow = typeof twitterPollingSessions.$inferInsert;
type OutboxRow = typeof outbox.$inferInsert;

/** Stores an X polling session, active all day every 60 s with no handles and no cursors, with the given fields. */
export const insertTwitterSession = (row: Partial<SessionRow> & Pick<SessionRow, 'id'>) =>
  db.insert(twitterPollingSessions).values({
    name: row.id,
    handleIds: [],
    intervalSeconds: 60,
    activeFromUtc: '00:00',
    activeToUtc: '00:00',
    cursors: {},
    createdAt: Date.now(),
    ...row,
  });

/** A Telegram message waiting in the outbox (its dedup key is its id), due `nextAttemptAt`. */
export const telegramOutboxRow = (
  row: Pick<OutboxRow, 'id' | 'nextAttemptAt' | 'createdAt'> & Partial<OutboxRow>,
): OutboxRow => ({
  channel: 'telegram',
  target: '-100',
  payload: { text: 'x' },
  dedupKey: row.id,
  ...row,
});

/** An RSS headline received when published, with no symbols, medium importance and no metadata, with the given fields. */
export const rssItemRow = (
  row: Pick<NewsItemRow, 'ts' | 'sourceId' | 'externalId' | 'title' | 'dedupKey'> & Partial<NewsItemRow>,
): NewsItemRow => ({
  receivedAt: row.ts,
  sourceKind: 'rss',
  symbols: [],
  importance: 'medium',
  metadata: {},
  ...row,
});

/** A manual headline `id` of the source 'test', received when published, medium importance, its dedup key `k<id>`. */
export const testItemRow = (
  id: number,
  ts: number,
  fields: Pick<NewsItemRow, 'title' | 'symbols' | 'metadata'>,
): NewsItemRow => ({
  id,
  ts,
  receivedAt: ts,
  sourceId: 'test',
  sourceKind: 'manual',
  importance: 'medium',
  dedupKey: `k${id}`,
  ...fields,
});

/** Empties the headlines, with their symbol rows and price checks. */
export async function clearNewsItems() {
  await newsDb.delete(priceChecks);
  await newsDb.delete(newsItemSymbols);
  await newsDb.delete(newsItems);
}
