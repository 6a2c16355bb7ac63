import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, telegramChats } from '../../db/schema/news';
import type { NewsItemDto } from '../../contract/news';
import { IMPORTANCE_RANK, type ChatPurpose } from '../../contract/enums';
import { insertOutboxRows } from '../outbox/outbox-store';

type TelegramChatRow = typeof telegramChats.$inferSelect;

/** The chats a headline may go to (enqueueTelegramForItem's read, to start it early). */
export const enabledChats = (db: Db): Promise<TelegramChatRow[]> =>
  db
    .select()
    .from(telegramChats)
    .where(eq(telegramChats.enabled, true))
    .then((rows) => rows);

/**
 * Queues the item for every news chat that wants it (importance at least the chat's minimum, and
 * one of its symbols if the chat lists any; a rule's "forward" sends it to every news chat). The
 * outbox row is the promise: the sender cron delivers it at least once, with retries.
 */
export async function enqueueTelegramForItem(
  db: Db,
  item: NewsItemDto,
  forced: boolean,
  /** the chats when they were read ahead (while the item was classified: news-ingest.ts) */
  chatsRead?: Promise<TelegramChatRow[]>,
) {
  if (item.isGarbage || item.isTest) return;
  const chats = await (chatsRead ?? enabledChats(db));
  const wanted = chats.filter((chat) => {
    if (chat.purpose !== 'news') return false;
    if (forced) return true;
    if (IMPORTANCE_RANK[item.importance] < IMPORTANCE_RANK[chat.minImportance]) return false;
    return chat.symbols.length === 0 || chat.symbols.some((s) => item.symbols.includes(s));
  });
  if (wanted.length === 0) return;
  const now = Date.now();
  const payload = {
    title: item.title,
    url: item.url,
    symbols: item.symbols,
    importance: item.importance,
    source: item.sourceKind,
  };
  await db
    .insert(outbox)
    .values(
      wanted.map((chat) => ({
        id: crypto.randomUUID(),
        channel: 'telegram' as const,
        target: chat.chatId,
        payload,
        dedupKey: `news:${item.id}:${chat.chatId}`,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** One message for the Telegram chats of a purpose; `key` makes it once per chat (the dedup key). */
export interface ChatMessage {
  key: string;
  title: string;
  symbols: string[];
  importance: string;
  source: string;
}

/**
 * Queues each message for every enabled chat of `purpose` (alerts, risk) through the outbox,
 * delivered at least once and deduplicated by message and chat.
 */
export async function queueToTelegramChats(db: Db, purpose: ChatPurpose, messages: ChatMessage[], now = Date.now()) {
  if (messages.length === 0) return;
  const chats = await db
    .select({ chatId: telegramChats.chatId })
    .from(telegramChats)
    .where(and(eq(telegramChats.enabled, true), eq(telegramChats.purpose, purpose)));
  const rows = messages.flatMap(({ key, ...payload }) =>
    chats.map((chat) => ({
      id: crypto.randomUUID(),
      channel: 'telegram' as const,
      target: chat.chatId,
      payload: { ...payload, url: null },
      dedupKey: `${key}:${chat.chatId}`,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  await insertOutboxRows(db, rows);
}
