import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { exchangeAccounts } from './accounts';

/**
 * Where each account's fills import stands, per stream ('sim', 'funding', 'income',
 * 'trades:<SYMBOL>'): a sequence number, a time or the next trade id. It only moves forward.
 */
export const fillCursors = sqliteTable(
  'fill_cursors',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => exchangeAccounts.id, { onDelete: 'cascade' }),
    stream: text('stream').notNull(),
    cursor: integer('cursor').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.stream] })],
);
