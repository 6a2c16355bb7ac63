import { z } from 'zod';
import { idSchema } from '../news-mappings';

/** Input and output pieces shared by several news settings functions (this file defines no function). */

/** A Telegram chat: a numeric id (groups and channels are negative, e.g. -1001234567890) or @channel. */
export const telegramChatIdSchema = z
  .union([z.string(), z.number().int()])
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .regex(/^(?:-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/, 'A chat id is a number like -1001234567890 or a @channel username'),
  );

export const displayNameSchema = z.string().trim().min(1, 'Name is required').max(100);

/** Source kinds (rss, twitter, …) or source ids, as filters and rule conditions name them. */
export const sourceRefsSchema = z.array(z.string().trim().min(1).max(100)).max(50);

/** The input of a delete: which row. */
export const byIdInput = z.strictObject({ id: idSchema });
