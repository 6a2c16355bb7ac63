import { z } from 'zod';
import { createSource as addSource, listSources } from '../domains/news/settings/sources';
import { TELEGRAM_SECRET_TOKEN_PATTERN } from '../providers/telegram/update';
import { defineServerFn, noInput } from './define';
import { displayNameSchema, telegramChatIdSchema } from './news-schemas';

// Zod runs this even after the URL check failed: only judge what parses.
function hasNoCredentials(url: string): boolean {
  if (!URL.canParse(url)) return true;
  const { username, password } = new URL(url);
  return !username && !password;
}

/**
 * A feed URL: http(s) only, and no user:password part, since every approved user can read source
 * configs (getSources). Local hosts stay allowed so development can point at local fakes.
 */
const feedUrl = z
  .url({ protocol: /^https?$/, error: 'Enter an http(s) URL' })
  .max(2000)
  .refine(hasNoCredentials, 'Leave credentials out of the URL');

const name = displayNameSchema;
const enabled = z.boolean().default(true);
const noConfig = z.object({}).strict().default({});

/** The RSS poller reads the feed every `intervalSeconds` (default and minimum 60). */
const feedConfig = z
  .object({ url: feedUrl, intervalSeconds: z.number().int().min(60, 'At least 60 seconds').max(86_400).optional() })
  .strict();

const createSourceInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('rss'), name, enabled, config: feedConfig }).strict(),
  z.object({ kind: z.literal('atom'), name, enabled, config: feedConfig }).strict(),
  z
    .object({
      kind: z.literal('telegram'),
      name,
      enabled,
      /**
       * The chat or channel the bot listens to (empty: every chat that messages the bot), and the
       * setWebhook secret_token Telegram must echo (generated when absent; stored as a hash).
       */
      config: z
        .object({
          chatId: telegramChatIdSchema,
          secretToken: z.string().regex(TELEGRAM_SECRET_TOKEN_PATTERN, '1–256 characters of A-Z, a-z, 0-9, _ and -'),
        })
        .partial()
        .strict()
        .default({}),
    })
    .strict(),
  z.object({ kind: z.literal('twitter'), name, enabled, config: noConfig }).strict(),
  z.object({ kind: z.literal('manual'), name, enabled, config: noConfig }).strict(),
]);

/** Every source with its health (last success/error, failures in a row, next attempt); no secrets. */
export const getSources = defineServerFn({
  method: 'GET',
  access: 'approved',
  input: noInput,
  handler: ({ ctx }) => listSources(ctx.db),
});

export const createSource = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: createSourceInput,
  handler: ({ input, ctx }) => addSource(ctx.db, input),
});
