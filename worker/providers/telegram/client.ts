import { z } from 'zod';
import { domainError } from '../../lib/domain-error';
import { fetchWithTimeout, globalFetch, parseJson, readText, trimBaseUrl, type FetchFn } from '../http';
import { mapTelegramError, mapTelegramNetworkError, parseTelegramError } from './errors';
import { truncateMessage } from './format';

export const DEFAULT_TELEGRAM_BASE_URL = 'https://api.telegram.org';

export interface TelegramConfig {
  /** default https://api.telegram.org */
  baseUrl?: string;
  token: string;
  fetch?: FetchFn;
  /** per request, default 10 s */
  timeoutMs?: number;
}

/** A numeric chat id (groups and channels are negative) or "@channelusername". */
export type ChatId = number | string;

export interface SendMessageInput {
  chatId: ChatId;
  /** cut to 4096 visible characters (tags and entities kept intact) */
  text: string;
  parseMode?: 'HTML';
  disableNotification?: boolean;
  /** false turns link previews off; unset leaves Telegram's default */
  linkPreview?: boolean;
  messageThreadId?: number;
}

const sendResultSchema = z.object({ ok: z.literal(true), result: z.object({ message_id: z.number() }) });

/** Telegram Bot API: sending messages. The token lives only in the request path, never in errors. */
export class TelegramClient {
  private readonly baseUrl: string;
  private readonly fetchFn: FetchFn;
  private readonly timeoutMs: number;

  constructor(private readonly config: TelegramConfig) {
    if (!config.token) throw domainError('INTERNAL_SERVER_ERROR', 'Telegram bot token is not configured');
    this.baseUrl = trimBaseUrl(config.baseUrl ?? DEFAULT_TELEGRAM_BASE_URL);
    this.fetchFn = config.fetch ?? globalFetch;
    this.timeoutMs = config.timeoutMs ?? 10_000;
  }

  async sendMessage(input: SendMessageInput): Promise<{ messageId: number }> {
    const { chatId } = input;
    if (typeof chatId === 'number' ? !Number.isSafeInteger(chatId) : !/^(-?\d+|@[A-Za-z0-9_]{4,})$/.test(chatId)) {
      throw domainError('BAD_REQUEST', `"${chatId}" is not a Telegram chat id.`, { chatId, permanent: true });
    }
    if (input.text.trim() === '') {
      throw domainError('BAD_REQUEST', 'A Telegram message needs some text.', { chatId, permanent: true });
    }
    const payload: Record<string, unknown> = {
      chat_id: chatId,
      text: truncateMessage(input.text, input.parseMode),
    };
    if (input.parseMode) payload.parse_mode = input.parseMode;
    if (input.disableNotification !== undefined) payload.disable_notification = input.disableNotification;
    if (input.linkPreview !== undefined) payload.link_preview_options = { is_disabled: !input.linkPreview };
    if (input.messageThreadId !== undefined) payload.message_thread_id = input.messageThreadId;

    const sent = await fetchWithTimeout(
      this.fetchFn,
      `${this.baseUrl}/bot${this.config.token}/sendMessage`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) },
      this.timeoutMs,
    );
    if (!sent.ok) throw mapTelegramNetworkError(sent.failure, this.timeoutMs, chatId);
    const read = await readText(sent.res);
    if (!read.ok) throw mapTelegramNetworkError(read.failure, this.timeoutMs, chatId);
    const body = parseJson(read.text);
    const ok = sendResultSchema.safeParse(body);
    if (sent.res.ok && ok.success) return { messageId: ok.data.result.message_id };
    if (sent.res.ok && (body as { ok?: unknown } | undefined)?.ok !== false) {
      // 200 without a message id: Telegram may or may not have sent it.
      throw domainError('BAD_GATEWAY', 'Telegram sent an unreadable answer to sendMessage.', {
        provider: 'telegram',
        chatId,
        retryable: true,
        outcomeUnknown: true,
      });
    }
    throw mapTelegramError(sent.res.status, parseTelegramError(body), chatId);
  }
}
