import { z } from 'zod';

/**
 * The parts of a Bot API Update a Telegram news source reads (https://core.telegram.org/bots/api#update).
 * Objects are not strict: Telegram adds fields over time, and unknown ones are dropped.
 */
const chatSchema = z.object({
  /** Up to 52 significant bits: a safe integer. Groups and channels are negative. */
  id: z.number().int(),
  type: z.string().optional(),
  title: z.string().optional(),
  username: z.string().optional(),
  first_name: z.string().optional(),
});

const messageSchema = z.object({
  message_id: z.number().int(),
  /** unix seconds */
  date: z.number().int().nonnegative(),
  chat: chatSchema,
  text: z.string().optional(),
  /** the text of a photo, video or document message */
  caption: z.string().optional(),
});

/** Only new messages and channel posts carry news; every other kind (edits, callbacks, …) is ignored. */
export const telegramUpdateSchema = z.object({
  update_id: z.number().int(),
  message: messageSchema.optional(),
  channel_post: messageSchema.optional(),
});

export type TelegramUpdate = z.infer<typeof telegramUpdateSchema>;
export type TelegramMessage = z.infer<typeof messageSchema>;

/** The header Telegram echoes the setWebhook `secret_token` in. */
export const TELEGRAM_SECRET_HEADER = 'X-Telegram-Bot-Api-Secret-Token';
