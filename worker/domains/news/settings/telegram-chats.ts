import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { telegramChats } from '../../../db/schema/news';
import { domainError } from '../../../lib/domain-error';
import type { TelegramChatDto, TelegramChatFields } from '../../../contract/server-fns/news-telegram';
import { deleteById, insertNew, updateById } from './by-id';

const clash = () => domainError('CONFLICT', 'This Telegram chat is already configured');

export function listTelegramChats(db: Db): Promise<TelegramChatDto[]> {
  return db.select().from(telegramChats).orderBy(asc(telegramChats.createdAt), asc(telegramChats.id));
}

export function createTelegramChat(db: Db, fields: TelegramChatFields): Promise<TelegramChatDto> {
  return insertNew(db, telegramChats, telegramChats.chatId, fields, clash);
}

export async function updateTelegramChat(db: Db, id: string, updates: Partial<TelegramChatFields>): Promise<TelegramChatDto> {
  const set = updates.enabled === true ? { ...updates, disabledReason: null } : updates;
  return updateById(db, telegramChats, id, set, 'Telegram chat not found', clash);
}

export async function deleteTelegramChat(db: Db, id: string): Promise<{ id: string }> {
  return deleteById(db, telegramChats, id, 'Telegram chat not found');
}
