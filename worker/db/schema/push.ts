import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { PushKind } from '../../contract/enums';
import { createdAt, jsonColumn, ownedBy, textId, updatedAt } from '../columns';
import { users } from './users';

/** One device of a user: the browser's push subscription (endpoint and its encryption keys). */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: textId(),
    userId: ownedBy('user_id', () => users.id),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key (base64url, uncompressed point) and its 16-byte auth secret. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser that subscribed (its session's User-Agent); the list names it ("Chrome on Android"). */
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastDeliveryAt: integer('last_delivery_at'),
    lastError: text('last_error'),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A user's push choices: kinds wanted and quiet hours (minutes after local midnight) in their time zone. */
export const pushPreferences = sqliteTable('push_preferences', {
  userId: ownedBy('user_id', () => users.id).primaryKey(),
  kinds: jsonColumn<PushKind[]>('kinds'),
  quietFrom: integer('quiet_from'),
  quietTo: integer('quiet_to'),
  timeZone: text('time_zone').notNull(),
  updatedAt: updatedAt(),
});
