import { createDb } from '../../db/client';
import { queueToTelegramChats } from '../news/delivery/telegram-outbox';
import type { Bindings } from '../../env';
import type { FiredAlert } from './run-alerts';

/**
 * Delivers fired alerts on their channels: in-app (the owner's hub pushes to their open tabs) and
 * Telegram (one outbox row per alert chat; the outbox sender delivers it at least once).
 */
export async function notifyFiredAlerts(env: Bindings, fired: FiredAlert[]) {
  if (fired.length === 0) return;
  await Promise.allSettled(
    fired
      .filter((f) => f.channels.includes('toast'))
      .map(({ userId, channels: _channels, ...notice }) => env.USER_ALERTS.getByName(userId).publish(notice)),
  );
  await queueToTelegramChats(
    createDb(env.DB),
    'alerts',
    fired
      .filter((f) => f.channels.includes('telegram'))
      .map((f) => ({ key: `alert:${f.id}`, title: `Alert: ${f.message}`, symbols: [], importance: 'high', source: 'alert' })),
  );
}
