import type { ErrorCode } from '../../lib/error-catalogue';
import { domainError, type DomainError } from '../../lib/domain-error';
import type { NetworkFailure } from '../http';

/** The x-rate-limit-* headers of one response; resetAt in ms. */
export interface XRateLimit {
  limit: number;
  remaining: number;
  resetAt: number;
}

/** An X problem document (RFC 7807-like) or one entry of a 200 response's `errors` array. */
export interface XProblem {
  type?: string;
  title?: string;
  detail?: string;
  reason?: string;
}

/** The window X's 15-minute limits reset on; used when a 429 comes without x-rate-limit-reset. */
export const X_RATE_WINDOW_MS = 15 * 60 * 1000;

const PROBLEMS = 'https://api.twitter.com/2/problems/';
const PROBLEMS_X = 'https://api.x.com/2/problems/';

export function problemKind(problem: XProblem | undefined): string | undefined {
  const type = problem?.type;
  if (!type) return undefined;
  if (type.startsWith(PROBLEMS)) return type.slice(PROBLEMS.length);
  if (type.startsWith(PROBLEMS_X)) return type.slice(PROBLEMS_X.length);
  return type;
}

export function readRateLimit(headers: Headers): XRateLimit | null {
  const num = (name: string) => {
    const raw = headers.get(name);
    const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
    return Number.isFinite(n) ? n : null;
  };
  const limit = num('x-rate-limit-limit');
  const remaining = num('x-rate-limit-remaining');
  const reset = num('x-rate-limit-reset');
  if (limit === null || remaining === null || reset === null) return null;
  return { limit, remaining, resetAt: reset * 1000 };
}

/** Body of a failed answer: X sends a problem document; proxies may send HTML. */
export function parseProblem(body: unknown): XProblem {
  if (!body || typeof body !== 'object') return {};
  const record = body as Record<string, unknown>;
  const first = Array.isArray(record.errors) ? (record.errors[0] as Record<string, unknown> | undefined) : undefined;
  const source = record.type || record.title || record.detail ? record : (first ?? record);
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { type: str(source.type), title: str(source.title), detail: str(source.detail), reason: str(source.reason) };
}

function xError(code: ErrorCode, message: string, data: Record<string, unknown>): DomainError {
  return domainError(code, message, { provider: 'x', ...data });
}

/** Maps a non-2xx X answer to a catalogue error. `retryable`: the same request may work later. */
export function mapXResponseError(
  status: number,
  problem: XProblem,
  headers: Headers,
  now: number,
  subject: string,
): DomainError {
  const rateLimit = readRateLimit(headers);
  const kind = problemKind(problem);
  const base = { httpStatus: status, problem: kind, rateLimit };
  if (status === 429) {
    // X sends no Retry-After: the request may only be repeated once the window resets.
    const retryAt = rateLimit?.resetAt ?? now + X_RATE_WINDOW_MS;
    const when = new Date(retryAt).toISOString();
    const message =
      kind === 'usage-capped'
        ? `X usage cap reached for this app: reads are refused until ${when}. An admin should check the plan's monthly cap or credits.`
        : `X rate limit reached: polling can resume at ${when}.`;
    return xError('TOO_MANY_REQUESTS', message, { ...base, retryAt, resetKnown: rateLimit !== null, retryable: true });
  }
  if (status === 401) {
    return xError(
      'BAD_GATEWAY',
      'X rejected the bearer token: an admin should check X_BEARER_TOKEN (an app-only Bearer token of an App attached to a Project) and regenerate it if it was revoked.',
      { ...base, retryable: false },
    );
  }
  if (status === 402) {
    return xError(
      'BAD_GATEWAY',
      'X refused the read for lack of credits: an admin should top up the X API account or change its plan.',
      { ...base, retryable: false },
    );
  }
  if (status === 403) {
    const detail = problem.detail ? ` (${problem.detail.slice(0, 200)})` : '';
    return xError(
      'BAD_GATEWAY',
      `X refused access to ${subject}: the bearer token's App is not enrolled in a plan that includes this endpoint, or the Project lacks access. An admin should check the X developer portal${detail}.`,
      { ...base, retryable: false },
    );
  }
  if (status === 404 || kind === 'resource-not-found') {
    return xError('NOT_FOUND', `X has no ${subject}.`, { ...base, retryable: false, permanent: true });
  }
  if (status >= 500) {
    return xError('BAD_GATEWAY', `X had a server error (HTTP ${status}). The next poll will try again.`, {
      ...base,
      retryable: true,
    });
  }
  const detail = problem.detail ?? problem.title ?? `HTTP ${status}`;
  return xError('BAD_GATEWAY', `X refused the request for ${subject} (${detail.slice(0, 200)}).`, {
    ...base,
    retryable: false,
  });
}

/** Errors X reports inside a 200 answer (`{errors: [...]}` without `data`). */
export function mapXPartialError(problem: XProblem, subject: string): DomainError {
  const kind = problemKind(problem);
  const data = { httpStatus: 200, problem: kind, detail: problem.detail, retryable: false, permanent: true };
  if (kind === 'resource-not-found') return xError('NOT_FOUND', `X has no ${subject}.`, data);
  if (kind === 'not-authorized-for-resource') {
    return xError('FORBIDDEN', `X does not let us read ${subject}: the account is protected or suspended.`, data);
  }
  return xError(
    'BAD_GATEWAY',
    `X could not serve ${subject} (${(problem.detail ?? problem.title ?? kind ?? 'unknown error').slice(0, 200)}).`,
    {
      ...data,
      permanent: false,
    },
  );
}

export function mapXNetworkError(failure: NetworkFailure, timeoutMs: number): DomainError {
  return failure.kind === 'timeout'
    ? xError('GATEWAY_TIMEOUT', `X did not answer within ${timeoutMs / 1000} s. The next poll will try again.`, {
        retryable: true,
      })
    : xError('BAD_GATEWAY', 'Could not reach X. The next poll will try again.', { retryable: true });
}

export function unreadableX(subject: string): DomainError {
  return xError('BAD_GATEWAY', `X sent an unreadable response for ${subject}.`, { retryable: true });
}
