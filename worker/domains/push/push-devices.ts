import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/push';
import { sessions } from '../../db/schema/sessions';
import type { PushDevice, SubscribePushInput } from '../../contract/push';
import { describeUserAgent } from '../auth/user-agent';

const toDevice = (row: typeof pushSubscriptions.$inferSelect): PushDevice => ({
  id: row.id,
  device: describeUserAgent(row.userAgent),
  createdAt: row.createdAt,
  lastDeliveryAt: row.lastDeliveryAt,
  lastError: row.lastError,
});

/** The caller's devices, newest first: the read, unawaited (for a batch); devicesFrom makes its answer. */
export const pushDevicesQuery = (db: Db, userId: string) =>
  db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(desc(pushSubscriptions.createdAt));

export const devicesFrom = (rows: (typeof pushSubscriptions.$inferSelect)[]): PushDevice[] => rows.map(toDevice);

/**
 * Keeps this browser's subscription for the caller. An endpoint already known (the browser
 * subscribed again, or another user signed in on it) is replaced by a new row with a new id: what
 * was queued for the old row is never delivered to the new owner (the sender fails it, device gone).
 */
export async function savePushDevice(db: Db, userId: string, input: SubscribePushInput, sessionId: string, now = Date.now()) {
  const id = crypto.randomUUID();
  // One round: the old row goes, the new one takes the subscribing session's browser.
  const [, [row]] = await db.batch([
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint)),
    db
      .insert(pushSubscriptions)
      .values({
        id,
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: sql`(SELECT ${sessions.userAgent} FROM ${sessions} WHERE ${sessions.id} = ${sessionId})`,
        createdAt: now,
      })
      .returning(),
  ]);
  return toDevice(row!);
}

/** Removes one of the caller's devices; false when it is not theirs (or gone already). */
export async function removePushDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}
