import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { EXCHANGES, ORDER_SIDES, ORDER_STATUSES, ORDER_TYPES, TIME_IN_FORCE, type OrderStatus } from '../../contract/enums';
import { exchangeAccounts } from './accounts';
import { users } from './users';
import { flag, jsonColumn, ownedBy, textId, updatedAt } from '../columns';

export interface OrderStatusStep {
  status: OrderStatus;
  at: number;
  note?: string;
}

/** The pre-trade check as recorded: passed, or the limit that refused it. */
export interface RiskCheckRecord {
  passed: boolean;
  /** 'tradingOff' for a kill switch, a limit kind otherwise */
  limit?: string;
  symbol?: string | null;
  /** null with `unbounded`: leverage on zero or negative equity */
  value?: number | null;
  limitValue?: number;
  unbounded?: boolean;
  /** a trading-off refusal: the firm's switch or the trader's */
  haltScope?: 'firm' | 'trader';
  /** leverage, the symbol's position notional and margin the order leaves */
  after?: { leverage: number | null; positionNotional: number; margin: number };
  skipped?: 'reduceOnly';
}

/**
 * Every order: recorded (status pending) before it is sent, so a second request with the same
 * client order id finds it (the unique index) and never sends again.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: textId(),
    userId: ownedBy('user_id', () => users.id),
    accountId: ownedBy('account_id', () => exchangeAccounts.id),
    accountEmail: text('account_email').notNull(),
    exchange: text('exchange', { enum: EXCHANGES }).notNull(),
    clientOrderId: text('client_order_id').notNull(),
    /** the id sent to the exchange: derived from the user and clientOrderId (venue-client-id.ts) */
    venueClientId: text('venue_client_id'),
    /** the traders whose gates the order passed (each learns its fill) */
    gates: text('gates', { mode: 'json' }).$type<string[]>().notNull().default([]),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    type: text('type', { enum: ORDER_TYPES }).notNull().default('MARKET'),
    timeInForce: text('time_in_force', { enum: TIME_IN_FORCE }),
    /** LIMIT: the limit price */
    price: real('price'),
    /** protective orders: the mark price that triggers them */
    triggerPrice: real('trigger_price'),
    /** protective orders: the entry they protect */
    parentOrderId: text('parent_order_id'),
    /** entries: the take-profit and stop-loss triggers to attach once filled */
    takeProfit: real('take_profit'),
    stopLoss: real('stop_loss'),
    reduceOnly: integer('reduce_only', { mode: 'boolean' }).notNull(),
    requestedNotional: real('requested_notional'),
    requestedQuantity: real('requested_quantity'),
    /** after rounding to the symbol's step size */
    quantity: real('quantity').notNull(),
    markPrice: real('mark_price').notNull(),
    fillPrice: real('fill_price'),
    filledQuantity: real('filled_quantity'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    statusHistory: jsonColumn<OrderStatusStep[]>('status_history'),
    riskCheck: jsonColumn<RiskCheckRecord>('risk_check'),
    error: text('error'),
    exchangeOrderId: text('exchange_order_id'),
    /** the browser's keypress (its clock), the Worker's receipt, the request leaving, the answer */
    keypressAt: integer('keypress_at'),
    receivedAt: integer('received_at').notNull(),
    sentAt: integer('sent_at'),
    ackAt: integer('ack_at'),
    /** the headline the order was placed from (news_items.id in the news database; news_trades scores it) */
    headlineId: integer('headline_id'),
    updatedAt: updatedAt(),
    /** when the minute cron last asked the exchange about this open order (open-orders-sync.ts) */
    syncedAt: integer('synced_at'),
  },
  (t) => [
    uniqueIndex('orders_user_client_uq').on(t.userId, t.clientOrderId),
    index('orders_account_idx').on(t.accountId, t.receivedAt),
    index('orders_user_idx').on(t.userId, t.receivedAt),
    index('orders_symbol_idx').on(t.symbol, t.receivedAt),
    index('orders_account_symbol_idx').on(t.accountId, t.symbol, t.receivedAt),
    index('orders_open_idx')
      .on(t.userId, t.status)
      .where(sql`${t.status} = 'open'`),
    // Outcomes not recorded yet, oldest first: the minute cron's sweep (order-sweep.ts).
    index('orders_unsettled_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} IN ('pending', 'unknown')`),
    // Open orders, least recently asked first: the minute cron's open-orders sync.
    index('orders_open_synced_idx')
      .on(t.syncedAt)
      .where(sql`${t.status} = 'open'`),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** A row = trading off: scope 'firm' for everyone, or 'trader:<id>'. */
export const tradingHalts = sqliteTable('trading_halts', {
  scope: text('scope').primaryKey(),
  traderId: text('trader_id').references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason'),
  haltedBy: text('halted_by').notNull(),
  haltedAt: integer('halted_at').notNull(),
});

/** Every switch of trading on or off (trading_halts holds only the current state). */
export const tradingSwitchChanges = sqliteTable(
  'trading_switch_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scope: text('scope').notNull(),
    traderId: text('trader_id').references(() => users.id, { onDelete: 'cascade' }),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    reason: text('reason'),
    changedBy: text('changed_by').notNull(),
    changedAt: integer('changed_at').notNull(),
  },
  (t) => [index('trading_switch_changes_at_idx').on(t.changedAt)],
);

/** The simulated venue's memory of the orders it filled, by client order id (what a query reads). */
export const simOrders = sqliteTable(
  'sim_orders',
  {
    accountEmail: text('account_email').notNull(),
    clientOrderId: text('client_order_id').notNull(),
    exchangeOrderId: text('exchange_order_id').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    quantity: real('quantity').notNull(),
    /** the average fill price (the limit or trigger price while nothing filled) */
    price: real('price').notNull(),
    ts: integer('ts').notNull(),
    /** NEW (resting), FILLED, CANCELED, EXPIRED */
    status: text('status').notNull().default('FILLED'),
    type: text('type', { enum: ORDER_TYPES }).notNull().default('MARKET'),
    timeInForce: text('time_in_force', { enum: TIME_IN_FORCE }),
    limitPrice: real('limit_price'),
    triggerPrice: real('trigger_price'),
    filledQuantity: real('filled_quantity').notNull().default(0),
    reduceOnly: flag('reduce_only', false),
    /** how far the price path has been checked against this resting order */
    sweptAt: integer('swept_at'),
    /** fills: the account's fill sequence, and its position in the symbol just before (fills-import.ts) */
    fillSeq: integer('fill_seq'),
    preQuantity: real('pre_quantity'),
    preEntryPrice: real('pre_entry_price'),
    maker: integer('maker', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.accountEmail, t.clientOrderId] }),
    index('sim_orders_open_idx')
      .on(t.accountEmail, t.status)
      .where(sql`${t.status} = 'NEW'`),
    index('sim_orders_fill_seq_idx')
      .on(t.accountEmail, t.fillSeq)
      .where(sql`${t.fillSeq} IS NOT NULL`),
  ],
);

/** What simulated fills added to a simulated account, per symbol (signed base quantity). */
export const simPositions = sqliteTable(
  'sim_positions',
  {
    accountEmail: text('account_email').notNull(),
    symbol: text('symbol').notNull(),
    quantity: real('quantity').notNull(),
    entryPrice: real('entry_price').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountEmail, t.symbol] })],
);
