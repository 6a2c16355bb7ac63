import { z } from 'zod';
import { SOURCE_KINDS } from '../enums';
import { mutation, query } from './define';
import { displayNameSchema, telegramChatIdSchema } from './news-fields';

/**
 * setWebhook's secret_token (echoed in X-Telegram-Bot-Api-Secret-Token): Telegram takes 1–256
 * characters of A-Z a-z 0-9 _ and -; we take at least 43, the length of the 32 random bytes
 * (base64url) we generate when none is given, so a guessable secret cannot be set.
 */
export const TELEGRAM_SECRET_MIN_LENGTH = 43;
export const TELEGRAM_SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43,256}$/;

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

export const createSourceInput = z.discriminatedUnion('kind', [
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
          secretToken: z
            .string()
            .regex(TELEGRAM_SECRET_TOKEN_PATTERN, '43–256 characters of A-Z, a-z, 0-9, _ and - (leave it out to generate one)'),
        })
        .partial()
        .strict()
        .default({}),
    })
    .strict(),
  z.object({ kind: z.literal('twitter'), name, enabled, config: noConfig }).strict(),
  z.object({ kind: z.literal('manual'), name, enabled, config: noConfig }).strict(),
]);

export type CreateSourceInput = z.input<typeof createSourceInput>;

export const sourceHealthSchema = z.strictObject({
  lastSuccessAt: z.number().nullable(),
  lastErrorAt: z.number().nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number(),
  nextAttemptAt: z.number().nullable(),
});

/** A Telegram source's webhook: the path to register with setWebhook, and only a hint of the secret. */
export const sourceWebhookSchema = z.strictObject({
  path: z.string(),
  secretTokenSet: z.boolean(),
  /** the last four characters (null for short tokens, or none set) */
  secretTokenHint: z.string().nullable(),
  /** the whole token, in createSource's answer only: it is stored as a hash */
  secretToken: z.string().optional(),
});

export const sourceSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(SOURCE_KINDS),
  name: z.string(),
  /** without the secret token's hash and hint (see webhook) */
  config: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  createdAt: z.number(),
  health: sourceHealthSchema,
  /** Telegram sources only */
  webhook: sourceWebhookSchema.optional(),
});

export type SourceHealth = z.output<typeof sourceHealthSchema>;
export type SourceWebhook = z.output<typeof sourceWebhookSchema>;
export type SourceDto = z.output<typeof sourceSchema>;

export const newsSourcesServerFns = {
  /** Every source with its health (last success/error, failures in a row, next attempt); no secrets. */
  getSources: query(z.array(sourceSchema)),
  createSource: mutation(createSourceInput, sourceSchema),
};
