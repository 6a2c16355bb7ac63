import type { Db } from '../../db/client';
import { queueToTelegramChats } from '../telegram-outbox/telegram-outbox';
import type { FiredAlert } from './run-alerts';

type Notice = Omit<FiredAlert, 'userId' | 'channels'>;
/** Pushes a notice to one user's open tabs (their UserAlertHub). */
export type PushToUser = (userId: string, notice: Notice) => Promise<unknown>;

/**
 * Delivers fired alerts on their channels: in-app (the owner's hub pushes to their open tabs) and
 * Telegram (one outbox row per alert chat; the outbox sender delivers it at least once).
 */
export async function notifyFiredAlerts({ db, push }: { db: Db; push: PushToUser }, fired: FiredAlert[]) {
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
}
