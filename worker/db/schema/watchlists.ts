import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { WATCH_COLORS, WATCH_NOTIFY, WATCH_SOUNDS } from '../../contract/enums';
import type { WatchEntry } from '../../contract/watchlists';
import { users } from './users';

/** A user's own watchlist: its entries (symbols, words, patterns) and how a hit shows. */
export const watchlists = sqliteTable(
  'watchlists',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color', { enum: WATCH_COLORS }).notNull(),
    sound: text('sound', { enum: WATCH_SOUNDS }).notNull(),
    notify: text('notify', { enum: WATCH_NOTIFY }).notNull(),
    entries: text('entries', { mode: 'json' }).$type<WatchEntry[]>().notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('watchlists_user_idx').on(t.userId)],
);
export type WatchlistRow = typeof watchlists.$inferSelect;
