import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { newsSources } from '../../../db/schema/news';
import { domainError, zodIssuesToData } from '../../../lib/domain-error';
import { logError } from '../../../lib/log';
import { telegramUpdateSchema, type TelegramMessage } from '../../../providers/telegram/update';
import { hashToken } from '../../auth/tokens';
import { ingestNews, type IngestDeps } from '../ingest/ingest';
import type { RawNewsItem } from '../types';
import { isStrongWebhookSecret, TELEGRAM_SECRET_PATTERN } from './webhook-secret';

/** Where Telegram posts a source's updates (register it with setWebhook, with the secret token). */
export function telegramWebhookPath(sourceId: string): string {
  return `/api/telegram/webhook/${encodeURIComponent(sourceId)}`;
}

/**
 * Compares the header with the stored hash in constant time; no stored hash matches nothing, and
 * neither does a header Telegram could not have sent (over 256 characters, other characters).
 */
async function secretMatches(storedHash: unknown, given: string | undefined): Promise<boolean> {
  if (typeof storedHash !== 'string' || !given || !TELEGRAM_SECRET_PATTERN.test(given)) return false;
  const encoder = new TextEncoder();
  const expected = encoder.encode(storedHash);
  const actual = encoder.encode(await hashToken(given));
  return expected.byteLength === actual.byteLength && crypto.subtle.timingSafeEqual(expected, actual);
}

export interface TelegramWebhookDeps {
  db: Db;
  ingest: IngestDeps;
  /** receipt time; default Date.now */
  clock?: () => number;
}

export interface TelegramDelivery {
  sourceId: string;
  /** the X-Telegram-Bot-Api-Secret-Token header */
  secretToken: string | undefined;
  /** read only once the sender is known to hold the secret */
  readBody: () => Promise<string>;
}

export type TelegramDeliveryStatus = 'stored' | 'duplicate' | 'rejected' | 'ignored';

/** The configured chat: a numeric id, or @username (case-insensitive). Unset takes every chat. */
function fromConfiguredChat(chatId: unknown, chat: TelegramMessage['chat']): boolean {
  if (typeof chatId !== 'string' || !chatId) return true;
  if (chatId.startsWith('@')) return chat.username?.toLowerCase() === chatId.slice(1).toLowerCase();
  return chatId === String(chat.id);
}

export function telegramMessageToRaw(
  source: { id: string; name: string },
  message: TelegramMessage,
  receivedAt: number,
): RawNewsItem | null {
  const text = message.text ?? message.caption;
  if (!text?.trim()) return null;
  const { chat } = message;
  return {
    source: { id: source.id, kind: 'telegram', name: source.name },
    // Telegram retries a delivery until it gets a 2xx: the same message is the same external id.
    externalId: `${chat.id}:${message.message_id}`,
    publishedAt: message.date * 1000,
    receivedAt,
    author: chat.title ?? (chat.username ? `@${chat.username}` : chat.first_name),
    // The title is one line, cut to its limit; the body keeps the paragraphs when the title was cut.
    title: text,
    body: text,
    url: chat.username ? `https://t.me/${chat.username}/${message.message_id}` : undefined,
  };
}

async function recordSuccess(db: Db, sourceId: string, now: number) {
  await db.update(newsSources).set({ lastSuccessAt: now, consecutiveFailures: 0 }).where(eq(newsSources.id, sourceId));
}

async function recordFailure(db: Db, sourceId: string, now: number, message: string) {
  await db.$client
    .prepare(
      `UPDATE news_sources SET last_error_at = ?2, last_error = ?3, consecutive_failures = consecutive_failures + 1 WHERE id = ?1`,
    )
    .bind(sourceId, now, message.slice(0, 500))
    .run();
}

function parseUpdate(text: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw domainError('BAD_REQUEST', 'Request body must be valid JSON');
  }
  const parsed = telegramUpdateSchema.safeParse(raw);
  if (!parsed.success) throw domainError('BAD_REQUEST', 'Not a Telegram update', zodIssuesToData(parsed.error));
  return parsed.data;
}

/**
 * One webhook delivery of a Telegram source: the source must exist (404), the secret token must
 * match (401, before anything else is revealed or read), the source must be enabled (403). New
 * messages and channel posts with text (or a caption) from the configured chat go through the one
 * ingest path; other updates are acknowledged and dropped. Health is recorded as for polled
 * sources: each authenticated delivery is a success, an unreadable one or a failed store an error.
 * A failed store answers 503 so Telegram delivers the update again.
 */
export async function receiveTelegramUpdate(
  deps: TelegramWebhookDeps,
  delivery: TelegramDelivery,
): Promise<TelegramDeliveryStatus> {
  const { db } = deps;
  const clock = deps.clock ?? Date.now;
  const source = await db.query.newsSources.findFirst({
    where: and(eq(newsSources.id, delivery.sourceId), eq(newsSources.kind, 'telegram')),
  });
  if (!source) throw domainError('NOT_FOUND', 'No Telegram source with this id');
  if (!(await secretMatches(source.config.secretTokenHash, delivery.secretToken))) {
    throw domainError('UNAUTHORIZED', 'Missing or wrong secret token');
  }
  // The stored secret, but a guessable one (typed before secrets were generated): it opens nothing,
  // and the source's health says why, so an admin rotates it.
  if (!isStrongWebhookSecret(delivery.secretToken!)) {
    await recordFailure(db, source.id, clock(), 'The webhook secret is too weak to accept: rotate it');
    throw domainError('UNAUTHORIZED', 'Missing or wrong secret token');
  }
  if (!source.enabled) throw domainError('FORBIDDEN', 'This Telegram source is disabled');

  let update;
  try {
    update = parseUpdate(await delivery.readBody());
  } catch (err) {
    await recordFailure(db, source.id, clock(), `Unreadable update: ${err instanceof Error ? err.message : String(err)}`);
    throw err;
  }
  const message = update.message ?? update.channel_post;
  const receivedAt = clock();
  const raw =
    message && fromConfiguredChat(source.config.chatId, message.chat) ? telegramMessageToRaw(source, message, receivedAt) : null;
  let status: TelegramDeliveryStatus = 'ignored';
  if (raw) {
    try {
      status = (await ingestNews(deps.ingest, raw)).status;
    } catch (err) {
      logError('telegram update not stored', err);
      await recordFailure(
        db,
        source.id,
        receivedAt,
        `Update ${update.update_id} not stored: ${err instanceof Error ? err.message : String(err)}`,
      );
      throw domainError('SERVICE_UNAVAILABLE', 'The update could not be stored; Telegram will deliver it again');
    }
  }
  await recordSuccess(db, source.id, receivedAt);
  return status;
}
