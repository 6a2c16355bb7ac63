import { newsTelegramServerFns } from '../contract/server-fns/news-telegram';
import { getTelegramSendingStatus } from '../domains/telegram-outbox/outbox-status';
import {
  createTelegramChat,
  deleteTelegramChat,
  listTelegramChats,
  updateTelegramChat,
} from '../domains/news/settings/telegram-chats';
import { getProviderConfig } from '../env';
import { adminFn, approvedFn, implementServerFns } from './define';

export const newsTelegramFns = implementServerFns(newsTelegramServerFns, {
  getTelegramChats: approvedFn(({ ctx }) => listTelegramChats(ctx.db)),
  getTelegramStatus: approvedFn(({ ctx }) => getTelegramSendingStatus(ctx.db, getProviderConfig(ctx.c.env).telegram.token)),
  createTelegramChat: adminFn(({ input, ctx }) => createTelegramChat(ctx.db, input)),
  updateTelegramChat: adminFn(({ input, ctx }) => updateTelegramChat(ctx.db, input.id, input.updates)),
  deleteTelegramChat: adminFn(({ input, ctx }) => deleteTelegramChat(ctx.db, input.id)),
});
