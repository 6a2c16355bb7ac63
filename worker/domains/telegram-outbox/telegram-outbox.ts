import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { telegramChats } from '../../db/schema/news';
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

/** A headline's forward: the news chats that take it and what they are sent. */
export interface TelegramForward {
  targets: string[];
  payload: { title: string; url: string | null; symbols: string[]; importance: string; source: string };
}

/**
 * The news chats that want the item (importance at least the chat's minimum, and one of its
 * symbols if the chat lists any; a rule's "forward" sends it to every news chat); null for none.
 */
export function telegramForwardFor(item: NewsItemDto, forced: boolean, chats: TelegramChatRow[]): TelegramForward | null {
  if (item.isGarbage || item.isTest) return null;
  const wanted = chats.filter((chat) => {
    if (chat.purpose !== 'news') return false;
    if (forced) return true;
    if (IMPORTANCE_RANK[item.importance] < IMPORTANCE_RANK[chat.minImportance]) return false;
    return chat.symbols.length === 0 || chat.symbols.some((s) => item.symbols.includes(s));
  });
  if (wanted.length === 0) return null;
  const payload = {
    title: item.title,
    url: item.url,
    symbols: item.symbols,
    importance: item.importance,
    source: item.sourceKind,
  };
  return { targets: wanted.map((chat) => chat.chatId), payload };
}

/** A stored headline's outbox row for one chat: once per headline and chat (the dedup key). */
export const newsOutboxRow = (
  itemId: number,
  target: string,
  payload: Record<string, unknown>,
  createdAt: number,
  now: number,
) => ({
  id: crypto.randomUUID(),
  channel: 'telegram' as const,
  target,
  payload,
  dedupKey: `news:${itemId}:${target}`,
  nextAttemptAt: now,
  createdAt,
});

/**
 * Queues a stored item for every news chat that wants it (telegramForwardFor). The outbox row is
 * the promise: the sender cron delivers it at least once, with retries. Ingest writes the forward
 * in the headline's own batch instead (news-forwards.ts).
 */
export async function enqueueTelegramForItem(
  db: Db,
  item: NewsItemDto,
  forced: boolean,
  /** the chats when they were read ahead */
  chatsRead?: Promise<TelegramChatRow[]>,
) {
  if (item.isGarbage || item.isTest) return;
  const forward = telegramForwardFor(item, forced, await (chatsRead ?? enabledChats(db)));
  if (!forward) return;
  const now = Date.now();
  await insertOutboxRows(
    db,
    forward.targets.map((target) => newsOutboxRow(item.id, target, forward.payload, now, now)),
  );
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
