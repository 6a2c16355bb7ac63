import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ownedBy, updatedAt } from '../columns';
import { exchangeAccounts } from './accounts';

/**
 * Where each account's fills import stands, per stream ('sim', 'funding', 'income',
 * 'trades:<SYMBOL>'): a sequence number, a time or the next trade id. It only moves forward.
 */
export const fillCursors = sqliteTable(
  'fill_cursors',
  {
    accountId: ownedBy('account_id', () => exchangeAccounts.id),
    stream: text('stream').notNull(),
    cursor: integer('cursor').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.stream] })],
);
