import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ACCOUNT_STATUSES, EXCHANGES } from '../../contract/enums';
import { users } from './users';
import { createdAt, ownedBy, textId, updatedAt } from '../columns';

/** An exchange sub-account, identified by its email on the exchange. */
export const exchangeAccounts = sqliteTable(
  'exchange_accounts',
  {
    id: textId(),
    exchange: text('exchange', { enum: EXCHANGES }).notNull(),
    email: text('email').notNull(),
    label: text('label'),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    lastSnapshotAt: integer('last_snapshot_at'),
    lastErrorAt: integer('last_error_at'),
    lastError: text('last_error'),
  },
  // Callers name an account by its email alone (getUserAccountStats, history, live): without the
  // second index that read scanned every account.
  (t) => [
    uniqueIndex('exchange_accounts_exchange_email_uq').on(t.exchange, t.email),
    index('exchange_accounts_email_idx').on(t.email),
  ],
);

export const accountAssignments = sqliteTable(
  'account_assignments',
  {
    userId: ownedBy('user_id', () => users.id),
    accountId: ownedBy('account_id', () => exchangeAccounts.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] }), index('account_assignments_account_idx').on(t.accountId)],
);

/** The metric columns of docs/PRODUCT-RULES.md §7, shared by minute and hourly history. */
const metricColumns = {
  totalBalance: real('total_balance').notNull(),
  futuresBalance: real('futures_balance').notNull(),
  spotBalance: real('spot_balance').notNull(),
  futuresUpnl: real('futures_upnl').notNull(),
  totalUpnl: real('total_upnl').notNull(),
  notional: real('notional').notNull(),
  leverage: real('leverage'),
  btcPrice: real('btc_price').notNull(),
  positionsCount: integer('positions_count').notNull(),
};

/** One row per account per minute, kept 7 days, then rolled up into hourly rows. */
export const snapshotsMinute = sqliteTable(
  'account_snapshots_minute',
  { accountId: text('account_id').notNull(), ts: integer('ts').notNull(), ...metricColumns },
  (t) => [primaryKey({ columns: [t.accountId, t.ts] }), index('account_snapshots_minute_ts_idx').on(t.ts)],
);

/** Hourly history: the hour's last values plus the hour's balance range (for drawdown). */
export const snapshotsHourly = sqliteTable(
  'account_snapshots_hourly',
  {
    accountId: text('account_id').notNull(),
    ts: integer('ts').notNull(),
    ...metricColumns,
    minTotalBalance: real('min_total_balance').notNull(),
    maxTotalBalance: real('max_total_balance').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.ts] })],
);

/** The newest snapshot of each account, with positions, for the overview and stats calls. */
export const accountLatest = sqliteTable('account_latest', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => exchangeAccounts.id, { onDelete: 'cascade' }),
  ts: integer('ts').notNull(),
  metrics: text('metrics', { mode: 'json' }).notNull(),
  positions: text('positions', { mode: 'json' }).notNull(),
});

/** Per-user UI choices that should follow the user across browsers (dashboard panes). */
export const userPreferences = sqliteTable('user_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prefs: text('prefs', { mode: 'json' }).notNull(),
  updatedAt: updatedAt(),
});
