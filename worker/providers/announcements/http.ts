import { z } from 'zod';
import { domainError, type DomainError } from '../../lib/domain-error';
import { fetchWithTimeout, parseJson, readText, type FetchFn } from '../http';

/** One GET to an exchange's public endpoint: network failures, non-JSON and HTTP errors become catalogue errors. */
export async function getExchangeJson(
  fetchFn: FetchFn,
  url: string,
  headers: Record<string, string>,
  options: { exchange: string; timeoutMs: number; now: number },
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const { exchange, timeoutMs, now } = options;
  const sent = await fetchWithTimeout(fetchFn, url, { method: 'GET', headers }, timeoutMs);
  if (!sent.ok) throw networkError(exchange, sent.failure.kind, timeoutMs);
  const { res } = sent;
  if (res.status === 304) return { status: 304, body: null, headers: res.headers };
  const read = await readText(res);
  if (!read.ok) throw networkError(exchange, read.failure.kind, timeoutMs);
  const body = parseJson(read.text);
  if (res.status === 429 || res.status === 418) {
    const retryAfter = Number(res.headers.get('Retry-After'));
    const retryAt = now + (Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 2_000);
    throw rateLimited(exchange, retryAt, res.status);
  }
  if (!res.ok) {
    throw domainError(
      'BAD_GATEWAY',
      `${exchange} answered HTTP ${res.status}${res.status >= 500 ? ' (a server error); the next poll tries again' : ''}.`,
      { provider: exchange, httpStatus: res.status, retryable: res.status >= 500 },
    );
  }
  if (body === undefined)
    throw domainError('BAD_GATEWAY', `${exchange} sent an unreadable answer.`, { provider: exchange, retryable: true });
  return { status: res.status, body, headers: res.headers };
}

export function rateLimited(exchange: string, retryAt: number, httpStatus?: number): DomainError {
  return domainError(
    'TOO_MANY_REQUESTS',
    `${exchange} rate limit reached: polling resumes at ${new Date(retryAt).toISOString()}.`,
    {
      provider: exchange,
      retryAt,
      httpStatus,
      retryable: true,
    },
  );
}

function networkError(exchange: string, kind: 'timeout' | 'network', timeoutMs: number): DomainError {
  return kind === 'timeout'
    ? domainError('GATEWAY_TIMEOUT', `${exchange} did not answer within ${timeoutMs / 1000} s.`, {
        provider: exchange,
        retryable: true,
      })
    : domainError('BAD_GATEWAY', `Could not reach ${exchange}.`, { provider: exchange, retryable: true });
}

/** A time as an exchange may send it: ms as a number or as a numeric string (read it with toMs). */
export const exchangeTime = z.union([z.string(), z.number()]).optional();

/** A number from a number or numeric string (exchanges send times both ways). */
export function toMs(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}
