import { and, eq } from 'drizzle-orm';
import { createDb } from '../../db/client';
import { outbox, telegramChats } from '../../db/schema/news';
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
  const forTelegram = fired.filter((f) => f.channels.includes('telegram'));
  if (forTelegram.length === 0) return;
  const db = createDb(env.DB);
  const chats = await db
    .select({ chatId: telegramChats.chatId })
    .from(telegramChats)
    .where(and(eq(telegramChats.enabled, true), eq(telegramChats.purpose, 'alerts')));
  const now = Date.now();
  const rows = forTelegram.flatMap((f) =>
    chats.map((chat) => ({
      id: crypto.randomUUID(),
      channel: 'telegram' as const,
      target: chat.chatId,
      payload: { title: `Alert: ${f.message}`, url: null, symbols: [], importance: 'high', source: 'alert' },
      dedupKey: `alert:${f.id}:${chat.chatId}`,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  // 9 columns per row: 10 rows per statement stays under D1's 100 bound parameters.
  for (let i = 0; i < rows.length; i += 10)
    await db
      .insert(outbox)
      .values(rows.slice(i, i + 10))
      .onConflictDoNothing();
}
