import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, jsonColumn, ownedBy, textId, updatedAt } from '../columns';
import { WATCH_COLORS, WATCH_NOTIFY, WATCH_SOUNDS } from '../../contract/enums';
import type { WatchEntry } from '../../contract/watchlists';
import { users } from './users';

/** A user's own watchlist: its entries (symbols, words, patterns) and how a hit shows. */
export const watchlists = sqliteTable(
  'watchlists',
  {
    id: textId(),
    userId: ownedBy('user_id', () => users.id),
    name: text('name').notNull(),
    color: text('color', { enum: WATCH_COLORS }).notNull(),
    sound: text('sound', { enum: WATCH_SOUNDS }).notNull(),
    notify: text('notify', { enum: WATCH_NOTIFY }).notNull(),
    entries: jsonColumn<WatchEntry[]>('entries'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('watchlists_user_idx').on(t.userId)],
);
export type WatchlistRow = typeof watchlists.$inferSelect;
