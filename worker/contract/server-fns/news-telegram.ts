import { z } from 'zod';
import { epochMs, epochMsOrNull } from '../fields';
import { CHAT_PURPOSES, IMPORTANCE } from '../enums';
import { idSchema, symbolsSchema } from '../news-mappings';
import { deletedSchema, mutation, query } from './define';
import { byIdInput, telegramChatIdSchema } from './news-fields';

const chatFields = z.object({
  chatId: telegramChatIdSchema,
  title: z.string().trim().min(1, 'Title is required').max(100),
  enabled: z.boolean(),
  /** Items below this importance are not forwarded. */
  minImportance: z.enum(IMPORTANCE),
  /** Empty: every symbol. */
  symbols: symbolsSchema,
  purpose: z.enum(CHAT_PURPOSES),
});

export const telegramChatSchema = z.strictObject({
  id: z.string(),
  chatId: z.string(),
  title: z.string(),
  enabled: z.boolean(),
  minImportance: z.enum(IMPORTANCE),
  symbols: z.array(z.string()),
  purpose: z.enum(CHAT_PURPOSES),
  /** Set by the sender when Telegram refused the chat (bot removed, chat gone); cleared on re-enable. */
  disabledReason: z.string().nullable(),
  createdAt: epochMs,
});

/** Outbound forwarding to the chats; the Telegram news sources (inbound webhooks) do not depend on it. */
export const telegramStatusSchema = z.strictObject({
  /** False while TELEGRAM_BOT_TOKEN is not set: nothing is sent, queued messages wait. */
  sending: z.boolean(),
  /** Why sending is off; null while it is on. */
  reason: z.string().nullable(),
  /** Messages waiting to be sent (pending, or claimed by a run in progress). */
  queued: z.number(),
  /** When Telegram last accepted a message (sent rows are kept for a week). */
  lastSentAt: epochMsOrNull,
  /** The error of the latest failed attempt among the waiting messages (e.g. a rejected token). */
  lastError: z.string().nullable(),
});

export type TelegramChatDto = z.output<typeof telegramChatSchema>;
export type TelegramChatFields = z.output<typeof chatFields>;
export type TelegramSendingStatus = z.output<typeof telegramStatusSchema>;

export const newsTelegramServerFns = {
  getTelegramChats: query(z.array(telegramChatSchema)),
  /** Outbound forwarding: on or off (bot token), what waits in the outbox, the last send and error. */
  getTelegramStatus: query(telegramStatusSchema),
  createTelegramChat: mutation(
    chatFields
      .extend({
        enabled: z.boolean().default(true),
        minImportance: z.enum(IMPORTANCE).default('high'),
        symbols: symbolsSchema.default([]),
        purpose: z.enum(CHAT_PURPOSES).default('news'),
      })
      .strict(),
    telegramChatSchema,
  ),
  updateTelegramChat: mutation(z.object({ id: idSchema, updates: chatFields.partial().strict() }).strict(), telegramChatSchema),
  deleteTelegramChat: mutation(byIdInput, deletedSchema),
};
