import { newsTelegramServerFns } from '../contract/server-fns/news-telegram';
import { getTelegramSendingStatus } from '../domains/telegram-outbox/outbox-status';
import * as chats from '../domains/news/settings/telegram-chats';
import { getProviderConfig } from '../env';
import { adminFn, approvedFn, implementServerFns } from './define';

export const newsTelegramFns = implementServerFns(newsTelegramServerFns, {
  getTelegramChats: approvedFn(({ ctx }) => chats.listTelegramChats(ctx.db)),
  getTelegramStatus: approvedFn(({ ctx }) => getTelegramSendingStatus(ctx.db, getProviderConfig(ctx.c.env).telegram.token)),
  createTelegramChat: adminFn(({ input, ctx }) => chats.createTelegramChat(ctx.db, input)),
  updateTelegramChat: adminFn(({ input, ctx }) => chats.updateTelegramChat(ctx.db, input.id, input.updates)),
  deleteTelegramChat: adminFn(({ input, ctx }) => chats.deleteTelegramChat(ctx.db, input.id)),
});
