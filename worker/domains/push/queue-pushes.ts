import type { Db } from '../../db/client';
import { insertOutboxRows } from '../outbox/outbox-store';
import { PUSH_KINDS, type PushKind } from '../../contract/enums';
import { inQuietHours } from './quiet-hours';

/** One notification for one user; `key` makes it once per device (the outbox's dedup key). */
export interface PushNotice {
  userId: string;
  kind: PushKind;
  key: string;
  title: string;
  body: string;
  /** the page a click opens (same origin) */
  url: string;
  /** notifications with the same tag replace each other on the device */
  tag?: string;
}

/** What the service worker receives (decrypted): it shows title and body, and opens url on click. */
export type PushPayload = Omit<PushNotice, 'userId' | 'key'>;

interface Target {
  id: string;
  user_id: string;
  kinds: string | null;
  quiet_from: number | null;
  quiet_to: number | null;
  time_zone: string | null;
}

/**
 * Queues each notice for every device of its user who wants its kind and is not in quiet hours
 * (decided now, in the user's time zone: a notice held back by quiet hours is not sent later, it
 * stays in the app's own history). The outbox row is the promise: the push sender delivers it at
 * least once, with retries. Answers the rows queued.
 */
export async function queuePushes(db: Db, notices: PushNotice[], now = Date.now()): Promise<number> {
  if (notices.length === 0) return 0;
  const userIds = JSON.stringify([...new Set(notices.map((n) => n.userId))]);
  const { results: targets } = await db.$client
    .prepare(
      `SELECT s.id, s.user_id, p.kinds, p.quiet_from, p.quiet_to, p.time_zone
       FROM push_subscriptions s LEFT JOIN push_preferences p ON p.user_id = s.user_id
       WHERE s.user_id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(userIds)
    .all<Target>();
  if (targets.length === 0) return 0;
  const byUser = new Map<string, Target[]>();
  for (const t of targets) byUser.set(t.user_id, [...(byUser.get(t.user_id) ?? []), t]);
  const wants = (t: Target, kind: PushKind) => {
    const kinds = t.kinds === null ? PUSH_KINDS : (JSON.parse(t.kinds) as string[]);
    if (!kinds.includes(kind)) return false;
    return !inQuietHours({ quietFrom: t.quiet_from, quietTo: t.quiet_to, timeZone: t.time_zone ?? 'UTC' }, now);
  };
  const rows = notices.flatMap(({ userId, key, ...payload }) =>
    (byUser.get(userId) ?? [])
      .filter((t) => wants(t, payload.kind))
      .map((t) => ({
        id: crypto.randomUUID(),
        channel: 'webpush' as const,
        target: t.id,
        payload: payload satisfies PushPayload,
        dedupKey: `push:${key}:${t.id}`,
        nextAttemptAt: now,
        createdAt: now,
      })),
  );
  await insertOutboxRows(db, rows);
  return rows.length;
}

/**
 * A test notification's outbox row for one device (kinds and quiet hours do not apply: the user
 * asked for it); push-sender.ts `sendTestPushNow` queues and sends it in one go.
 */
export function testPushRow(deviceId: string) {
  const payload = {
    kind: 'test',
    title: 'Meridian',
    body: 'Test notification: this device gets your pushes.',
    url: '/account/notifications',
    tag: 'test',
  };
  return { id: crypto.randomUUID(), payload, dedupKey: `push:test:${crypto.randomUUID()}:${deviceId}` };
}
