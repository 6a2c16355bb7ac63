import { eq } from 'drizzle-orm';
import type { Importance } from '../../../contract/enums';
import type { Db, NewsDb } from '../../../db/client';
import { newsItems } from '../../../db/schema-news';
import { domainError } from '../../../lib/domain-error';
import { classifyHeadline } from './headline-kind';

/** A follow-up look one minute on: the first window, or the next look at an unfilled entry. */
export const MINUTE = 60_000;

/** What scoring needs from a headline, read from the news database when the order is placed. */
export interface TradeHeadline {
  id: number;
  title: string;
  sourceId: string;
  importance: Importance;
  /** the headline's time as the feed shows it (the source's publication, else its receipt) */
  publishedAt: number;
  /** the price of each of its symbols when it was stored (the news price checks' starting point) */
  priceAtPublish: Record<string, number>;
}

/** The headline an order is placed from; NOT_FOUND when there is none with that id (before anything is sent). */
export async function headlineForTrade(newsDb: NewsDb, id: number): Promise<TradeHeadline> {
  const [row] = await newsDb
    .select({
      id: newsItems.id,
      title: newsItems.title,
      sourceId: newsItems.sourceId,
      importance: newsItems.importance,
      ts: newsItems.ts,
      metadata: newsItems.metadata,
    })
    .from(newsItems)
    .where(eq(newsItems.id, id))
    .limit(1);
  if (!row) throw domainError('NOT_FOUND', 'That headline is not in the feed (any more): the order was not sent');
  const prices = row.metadata.priceAtPublish;
  return {
    id: row.id,
    title: row.title,
    sourceId: row.sourceId,
    importance: row.importance,
    publishedAt: row.ts,
    priceAtPublish: isPriceMap(prices) ? prices : {},
  };
}

const isPriceMap = (v: unknown): v is Record<string, number> =>
  typeof v === 'object' && v !== null && Object.values(v).every((p) => typeof p === 'number' && Number.isFinite(p));

/** 'ETHUSDT' → 'ETH': headlines name their symbols by the base asset. */
export const baseOf = (pair: string) => (pair.endsWith('USDT') ? pair.slice(0, -4) : pair);

/**
 * Starts scoring an entry placed from a headline, from the order as stored (one statement): a
 * filled entry waits for its first window (entry + 1 min), any other for its fill. Closing orders
 * (reduce-only) are not news trades. A replay of the same order inserts nothing.
 */
export async function recordNewsTrade(db: Db, orderId: string, headline: TradeHeadline, symbol: string, now = Date.now()) {
  const filled = `status = 'filled' AND fill_price IS NOT NULL`;
  await db.$client
    .prepare(
      `INSERT OR IGNORE INTO news_trades (order_id, user_id, account_id, exchange, symbol, side, order_at, headline_id,
         headline_title, headline_source, headline_importance, headline_kind, published_at, publish_price,
         entry_at, entry_price, quantity, stage, due_at, updated_at)
       SELECT id, user_id, account_id, exchange, symbol, side, received_at, headline_id, ?2, ?3, ?4, ?5, ?6, ?7,
         CASE WHEN ${filled} THEN coalesce(ack_at, received_at) END,
         CASE WHEN ${filled} THEN fill_price END,
         CASE WHEN ${filled} THEN coalesce(filled_quantity, quantity) END,
         CASE WHEN ${filled} THEN 'm1' ELSE 'fill' END,
         CASE WHEN ${filled} THEN coalesce(ack_at, received_at) + ${MINUTE} ELSE ?8 + ${MINUTE} END,
         ?8
       FROM orders WHERE id = ?1 AND headline_id = ?9 AND reduce_only = 0`,
    )
    .bind(
      orderId,
      headline.title,
      headline.sourceId,
      headline.importance,
      classifyHeadline(headline.title),
      headline.publishedAt,
      headline.priceAtPublish[baseOf(symbol)] ?? null,
      now,
      headline.id,
    )
    .run();
}
