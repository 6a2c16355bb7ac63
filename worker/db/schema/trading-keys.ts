import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { exchangeAccounts } from './accounts';
import { users } from './users';

/** A sub-account's own trading key and secret, sealed (domains/orders/key-vault.ts); key_id names the keyring key. */
export const accountTradingKeys = sqliteTable('account_trading_keys', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => exchangeAccounts.id, { onDelete: 'cascade' }),
  keyId: text('key_id').notNull(),
  sealedApiKey: text('sealed_api_key').notNull(),
  sealedApiSecret: text('sealed_api_secret').notNull(),
  setBy: text('set_by').references(() => users.id, { onDelete: 'set null' }),
  setAt: integer('set_at').notNull(),
});
