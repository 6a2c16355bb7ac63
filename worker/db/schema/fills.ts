import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ORDER_SIDES } from '../../contract/enums';
import { exchangeAccounts } from './accounts';
import { ownedBy, textId } from '../columns';

/** Every fill (trade) of an account, from the exchange's trade history or the simulated exchange. */
export const accountFills = sqliteTable(
  'account_fills',
  {
    /** `<accountId>:<the exchange's trade id>`: a re-import never stores a fill twice */
    id: textId(),
    accountId: ownedBy('account_id', () => exchangeAccounts.id),
    /** our order, when it was placed through Meridian */
    orderId: text('order_id'),
    /** the trader whose order it filled (null: an order placed outside Meridian) */
    userId: text('user_id'),
    exchangeOrderId: text('exchange_order_id'),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    price: real('price').notNull(),
    quantity: real('quantity').notNull(),
    fee: real('fee').notNull(),
    feeAsset: text('fee_asset').notNull(),
    feeUsd: real('fee_usd').notNull(),
    /** gross of fees: what the fill closed of the position, at its entry price */
    realizedPnl: real('realized_pnl').notNull(),
    maker: integer('maker', { mode: 'boolean' }).notNull(),
    ts: integer('ts').notNull(),
  },
  (t) => [
    index('account_fills_account_ts_idx').on(t.accountId, t.ts),
    index('account_fills_user_ts_idx').on(t.userId, t.ts),
    // The firm-wide read by time alone (migrations/0029).
    index('account_fills_ts_idx').on(t.ts),
  ],
);
export type FillRow = typeof accountFills.$inferSelect;

/** Funding payments and other income that is not a fill's. */
export const accountIncome = sqliteTable(
  'account_income',
  {
    id: textId(),
    accountId: ownedBy('account_id', () => exchangeAccounts.id),
    /** FUNDING_FEE, … (Binance's incomeType) */
    kind: text('kind').notNull(),
    symbol: text('symbol'),
    amountUsd: real('amount_usd').notNull(),
    ts: integer('ts').notNull(),
  },
  (t) => [index('account_income_account_ts_idx').on(t.accountId, t.ts), index('account_income_kind_ts_idx').on(t.kind, t.ts)],
);
