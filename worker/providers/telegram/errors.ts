import type { ErrorCode } from '../../lib/error-catalogue';
import { domainError, type DomainError } from '../../lib/domain-error';
import type { NetworkFailure } from '../http';

/** Telegram's failure body: {ok: false, error_code, description, parameters?}. */
export interface TelegramErrorBody {
  errorCode?: number;
  description?: string;
  retryAfter?: number;
  migrateToChatId?: number;
}

export function parseTelegramError(body: unknown): TelegramErrorBody {
  if (!body || typeof body !== 'object') return {};
  const { error_code, description, parameters } = body as Record<string, unknown>;
  const params = (parameters && typeof parameters === 'object' ? parameters : {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  return {
    errorCode: num(error_code),
    description: typeof description === 'string' ? description.slice(0, 300) : undefined,
    retryAfter: num(params.retry_after),
    migrateToChatId: num(params.migrate_to_chat_id),
  };
}

type ChatId = number | string;

function tgError(code: ErrorCode, message: string, data: Record<string, unknown>): DomainError {
  return domainError(code, message, { provider: 'telegram', ...data });
}

/**
 * Maps a failed Bot API answer for a send into chat `chatId`.
 * data.retryable: the outbox may try again (after data.retryAfter s when given);
 * data.permanent: this message into this chat will never succeed as is;
 * data.disableChat: stop sending to the chat and tell the admins in the settings.
 */
export function mapTelegramError(status: number, body: TelegramErrorBody, chatId: ChatId): DomainError {
  const code = body.errorCode ?? status;
  const description = body.description;
  const base = { httpStatus: status, errorCode: code, description, chatId };
  if (code === 429) {
    const retryAfter = body.retryAfter ?? 1;
    return tgError('TOO_MANY_REQUESTS', `Telegram rate limit reached: retry after ${retryAfter} s.`, {
      ...base,
      retryAfter,
      retryable: true,
    });
  }
  if (code === 403) {
    return tgError(
      'FORBIDDEN',
      `The Telegram bot was removed from chat ${chatId} (or blocked there)${description ? ` — ${description}` : ''}. The chat was disabled: add the bot back, then re-enable the chat in the settings.`,
      { ...base, disableChat: true, permanent: true, retryable: false },
    );
  }
  if (code === 401 || code === 404) {
    // A revoked token answers 401, a malformed one 404 (the /bot<token>/ path does not exist).
    return tgError(
      'BAD_GATEWAY',
      'Telegram rejected the bot token: an admin should check TELEGRAM_BOT_TOKEN (from @BotFather) and replace it if it was revoked.',
      { ...base, retryable: false },
    );
  }
  if (code === 400) {
    if (body.migrateToChatId !== undefined) {
      return tgError(
        'BAD_REQUEST',
        `Telegram chat ${chatId} became a supergroup with id ${body.migrateToChatId}: update the chat id in the settings.`,
        { ...base, migrateToChatId: body.migrateToChatId, permanent: true, retryable: false },
      );
    }
    const chatGone = /chat not found|chat_id is empty|peer_id_invalid/i.test(description ?? '');
    return tgError(
      'BAD_REQUEST',
      chatGone
        ? `Telegram does not know chat ${chatId}: check the chat id and that the bot was added to the chat.`
        : `Telegram refused the message for chat ${chatId}${description ? ` (${description})` : ''}.`,
      { ...base, permanent: true, retryable: false, ...(chatGone && { disableChat: true }) },
    );
  }
  if (status >= 500 || code >= 500) {
    return tgError('BAD_GATEWAY', `Telegram had a server error (HTTP ${status}); the message will be retried.`, {
      ...base,
      retryable: true,
    });
  }
  return tgError('BAD_GATEWAY', `Telegram refused the request (${description ?? `HTTP ${status}`}).`, {
    ...base,
    retryable: false,
  });
}

export function mapTelegramNetworkError(
  failure: NetworkFailure,
  timeoutMs: number,
  chatId: ChatId,
): DomainError {
  if (failure.kind === 'timeout') {
    // The request may have reached Telegram: a retry can deliver the message twice.
    return tgError('GATEWAY_TIMEOUT', `Telegram did not answer within ${timeoutMs / 1000} s; the message will be retried.`, {
      chatId,
      retryable: true,
      outcomeUnknown: true,
    });
  }
  return tgError('BAD_GATEWAY', 'Could not reach Telegram; the message will be retried.', { chatId, retryable: true });
}
