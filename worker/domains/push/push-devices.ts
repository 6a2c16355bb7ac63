import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/push';
import type { PushDevice, SubscribePushInput } from '../../contract/push';

const toDevice = (row: typeof pushSubscriptions.$inferSelect): PushDevice => ({
  id: row.id,
  device: row.device,
  createdAt: row.createdAt,
  lastDeliveryAt: row.lastDeliveryAt,
  lastError: row.lastError,
});

/** The caller's devices, newest first. */
export async function listPushDevices(db: Db, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
  return rows.map(toDevice);
}

/**
 * Keeps this browser's subscription for the caller. An endpoint already known (the browser
 * subscribed again, or another user signed in on it) is replaced by a new row with a new id: what
 * was queued for the old row is never delivered to the new owner (the sender fails it, device gone).
 */
export async function savePushDevice(db: Db, userId: string, input: SubscribePushInput, device: string, now = Date.now()) {
  const row = {
    id: crypto.randomUUID(),
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    device,
    createdAt: now,
  };
  await db.batch([
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint)),
    db.insert(pushSubscriptions).values(row),
  ]);
  return toDevice({ ...row, lastDeliveryAt: null, lastError: null });
}

/** Removes one of the caller's devices; false when it is not theirs (or gone already). */
export async function removePushDevice(db: Db, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}
