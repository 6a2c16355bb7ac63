import { z } from 'zod';
import { IMPORTANCE } from '../db/schema/news';
import {
  createTelegramChat as addChat,
  deleteTelegramChat as removeChat,
  listTelegramChats,
  updateTelegramChat as changeChat,
} from '../domains/news/settings/telegram-chats';
import { getTelegramSendingStatus } from '../domains/news/delivery/outbox-status';
import { getProviderConfig } from '../env';
import { idSchema, symbolsSchema } from '../contract/news-mappings';
import { defineServerFn, noInput } from './define';
import { telegramChatIdSchema } from './news-schemas';

const chatFields = z.object({
  chatId: telegramChatIdSchema,
  title: z.string().trim().min(1, 'Title is required').max(100),
  enabled: z.boolean(),
  /** Items below this importance are not forwarded. */
  minImportance: z.enum(IMPORTANCE),
  /** Empty: every symbol. */
  symbols: symbolsSchema,
  purpose: z.enum(['news', 'risk', 'alerts']),
});

export const getTelegramChats = defineServerFn({
  method: 'GET',
  access: 'approved',
  input: noInput,
  handler: ({ ctx }) => listTelegramChats(ctx.db),
});

/** Outbound forwarding: on or off (bot token), what waits in the outbox, the last send and error. */
export const getTelegramStatus = defineServerFn({
  method: 'GET',
  access: 'approved',
  input: noInput,
  handler: ({ ctx }) => getTelegramSendingStatus(ctx.db, getProviderConfig(ctx.c.env).telegram.token),
});

export const createTelegramChat = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: chatFields
    .extend({
      enabled: z.boolean().default(true),
      minImportance: z.enum(IMPORTANCE).default('high'),
      symbols: symbolsSchema.default([]),
      purpose: z.enum(['news', 'risk', 'alerts']).default('news'),
    })
    .strict(),
  handler: ({ input, ctx }) => addChat(ctx.db, input),
});

export const updateTelegramChat = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: z.object({ id: idSchema, updates: chatFields.partial().strict() }).strict(),
  handler: ({ input, ctx }) => changeChat(ctx.db, input.id, input.updates),
});

export const deleteTelegramChat = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: z.object({ id: idSchema }).strict(),
  handler: ({ input, ctx }) => removeChat(ctx.db, input.id),
});
