import type { Db } from '../../db/client';
import { queuePushes } from '../push/queue-pushes';
import { queueToTelegramChats } from '../telegram-outbox/telegram-outbox';
import type { FiredAlert } from './evaluate';

type Notice = Omit<FiredAlert, 'userId' | 'channels'>;
/** Pushes a notice to one user's open tabs (their UserAlertHub). */
export type PushToUser = (userId: string, notice: Notice) => Promise<unknown>;

export interface AlertNotifier {
  db: Db;
  push: PushToUser;
  /** Sends the Web Push rows just queued (the minute cron retries what it leaves). */
  deliverPushes?: () => Promise<unknown>;
}

/**
 * Delivers fired alerts on their channels: in-app (the owner's hub pushes to their open tabs) and
 * Telegram (one outbox row per alert chat; the outbox sender delivers it at least once), and to the
 * owner's devices by Web Push when they want alerts pushed (the outbox too, whatever the rule's channels).
 */
export async function notifyFiredAlerts({ db, push, deliverPushes }: AlertNotifier, fired: FiredAlert[]) {
  if (fired.length === 0) return;
  await Promise.allSettled(
    fired.filter((f) => f.channels.includes('toast')).map(({ userId, channels: _channels, ...notice }) => push(userId, notice)),
  );
  await queueToTelegramChats(
    db,
    'alerts',
    fired
      .filter((f) => f.channels.includes('telegram'))
      .map((f) => ({ key: `alert:${f.id}`, title: `Alert: ${f.message}`, symbols: [], importance: 'high', source: 'alert' })),
  );
  const queued = await queuePushes(
    db,
    fired.map((f) => ({
      userId: f.userId,
      kind: 'alerts',
      key: `alert:${f.id}`,
      title: `Alert · ${f.accountEmail}`,
      body: f.message,
      url: '/dashboard/alerts',
      tag: `alert:${f.ruleId}`,
    })),
  );
  if (queued > 0) await deliverPushes?.();
}
