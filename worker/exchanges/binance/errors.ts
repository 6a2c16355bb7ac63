import type { ErrorCode } from '../../lib/error-catalogue';
import { domainError, type DomainError } from '../../lib/domain-error';

export type Retry = { kind: 'none' } | { kind: 'backoff' } | { kind: 'after'; ms: number } | { kind: 'resync-clock' };

export interface Failure {
  error: DomainError;
  retry: Retry;
}

export interface BinanceErrorBody {
  code?: number;
  msg?: string;
}

const KEY_PROBLEM =
  'Binance rejected the API key: an admin should check BINANCE_API_KEY, that the key may read sub-accounts, and that its IP whitelist includes our servers.';

/** Seconds from a `Retry-After` header (delta-seconds or HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Binance answers JSON errors, but WAF blocks and some 5xx come as HTML or plain text. */
export function parseErrorBody(text: string): BinanceErrorBody {
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object') {
      const { code, msg } = body as Record<string, unknown>;
      return { code: typeof code === 'number' ? code : undefined, msg: typeof msg === 'string' ? msg : undefined };
    }
  } catch {
    // not JSON: fall through with the text as the message
  }
  return { msg: text.slice(0, 200) || undefined };
}

function waitable(retryAfter: number | undefined, maxRetryAfterMs: number): Retry {
  // Without Retry-After, or with a long one, retrying only earns a longer ban: surface the error.
  return retryAfter !== undefined && retryAfter * 1000 <= maxRetryAfterMs
    ? { kind: 'after', ms: retryAfter * 1000 }
    : { kind: 'none' };
}

/** Maps a failed Binance answer to a catalogue error and whether a read-only GET may be retried. */
export function classifyResponse(
  status: number,
  body: BinanceErrorBody,
  headers: Headers,
  options: { now: number; maxRetryAfterMs: number },
): Failure {
  const retryAfter = parseRetryAfter(headers.get('Retry-After'), options.now);
  const data = {
    exchange: 'binance',
    httpStatus: status,
    exchangeCode: body.code,
    ...(retryAfter !== undefined && { retryAfter }),
  };
  const fail = (code: ErrorCode, message: string, retry: Retry = { kind: 'none' }): Failure => ({
    error: domainError(code, message, data),
    retry,
  });
  const wait = retryAfter !== undefined ? ` Try again in ${retryAfter} s.` : ' Try again shortly.';

  if (status === 418) {
    return fail(
      'SERVICE_UNAVAILABLE',
      `Binance has temporarily banned our IP for too many requests.${wait}`,
      waitable(retryAfter, options.maxRetryAfterMs),
    );
  }
  if (status === 429 || body.code === -1003) {
    return fail('TOO_MANY_REQUESTS', `Binance rate limit reached.${wait}`, waitable(retryAfter, options.maxRetryAfterMs));
  }
  // -1007: the backend timed out; like a 503 "Unknown error", the outcome is unknown rather than failed.
  if (body.code === -1007 || (status === 503 && /unknown error/i.test(body.msg ?? ''))) {
    return fail('SERVICE_UNAVAILABLE', 'Exchange outcome unknown, try again.', { kind: 'backoff' });
  }
  if (status >= 500) {
    return fail('BAD_GATEWAY', `Binance had a server error (HTTP ${status}). Try again shortly.`, { kind: 'backoff' });
  }
  switch (body.code) {
    case -1021:
      return fail(
        'BAD_GATEWAY',
        "Exchange rejected our clock: the request timestamp fell outside recvWindow even after re-syncing with Binance's time. An admin should check the server clock or raise recvWindow.",
        { kind: 'resync-clock' },
      );
    case -1022:
      return fail(
        'BAD_GATEWAY',
        'Binance rejected the request signature: an admin should check that BINANCE_API_SECRET belongs to BINANCE_API_KEY.',
      );
    case -2014:
    case -2015:
      return fail('BAD_GATEWAY', KEY_PROBLEM);
    case -1102:
      return fail(
        'BAD_GATEWAY',
        `Binance rejected our request parameters (${body.msg ?? 'missing parameter'}). This is a Meridian bug; please report it.`,
      );
  }
  if (status === 403) {
    return fail(
      'BAD_GATEWAY',
      "Binance's firewall (WAF) blocked the request. An admin should check the server's IP and request volume.",
    );
  }
  const detail = body.code !== undefined ? `${body.code}: ${body.msg ?? ''}` : `HTTP ${status}`;
  return fail('BAD_GATEWAY', `Binance refused the request (${detail.trim()}).`);
}

export function classifyNetworkError(err: unknown, timeoutMs: number): Failure {
  const name = (err as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    // Not retried: each attempt already cost timeoutMs, and the next poll comes within seconds.
    return {
      error: domainError('GATEWAY_TIMEOUT', `Binance did not answer within ${timeoutMs / 1000} s. Try again.`, {
        exchange: 'binance',
      }),
      retry: { kind: 'none' },
    };
  }
  return {
    error: domainError('BAD_GATEWAY', 'Could not reach Binance. Try again shortly.', { exchange: 'binance' }),
    retry: { kind: 'backoff' },
  };
}
