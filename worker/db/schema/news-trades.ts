import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { EXCHANGES, HEADLINE_KINDS, IMPORTANCE, NEWS_TRADE_STAGES, ORDER_SIDES } from '../../contract/enums';
import { flag, ownedBy, updatedAt } from '../columns';
import { orders } from './orders';
import { users } from './users';

/**
 * An order placed from a headline, scored as its windows elapse (domains/news/trades). The headline's
 * title, source, importance, kind and time are copied from the news database when the order is
 * placed: reads never join the two databases. Prices are stored, PnL is worked out on reading.
 */
export const newsTrades = sqliteTable(
  'news_trades',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: ownedBy('user_id', () => users.id),
    accountId: text('account_id').notNull(),
    /** where the prices come from: 'simulated' prices are marked as such */
    exchange: text('exchange', { enum: EXCHANGES }).notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    /** when the order reached the Worker (reaction time = orderAt − publishedAt) */
    orderAt: integer('order_at').notNull(),
    headlineId: integer('headline_id').notNull(),
    headlineTitle: text('headline_title').notNull(),
    headlineSource: text('headline_source').notNull(),
    headlineImportance: text('headline_importance', { enum: IMPORTANCE }).notNull(),
    headlineKind: text('headline_kind', { enum: HEADLINE_KINDS }).notNull(),
    publishedAt: integer('published_at').notNull(),
    /** the symbol's price when the headline was stored (its metadata's priceAtPublish) */
    publishPrice: real('publish_price'),
    entryAt: integer('entry_at'),
    entryPrice: real('entry_price'),
    quantity: real('quantity'),
    /** the mark 1, 5 and 15 minutes after entry (null: not yet, or measured too late to count) */
    priceM1: real('price_m1'),
    priceM5: real('price_m5'),
    priceM15: real('price_m15'),
    /** the exit's fill price once closed; else the mark when last followed */
    closePrice: real('close_price'),
    closeAt: integer('close_at'),
    closed: flag('closed', false),
    /** the headline's own moves after publish, percent (news price checks): the hypothetical entry */
    moveM1: real('move_m1'),
    moveM5: real('move_m5'),
    moveM15: real('move_m15'),
    stage: text('stage', { enum: NEWS_TRADE_STAGES }).notNull(),
    /** when the scorer next looks at the trade; null once finished */
    dueAt: integer('due_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('news_trades_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} IS NOT NULL`),
    index('news_trades_user_idx').on(t.userId, t.orderAt),
    index('news_trades_order_at_idx').on(t.orderAt),
  ],
);
export type NewsTradeRow = typeof newsTrades.$inferSelect;
