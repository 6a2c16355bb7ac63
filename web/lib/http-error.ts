import type { InputIssue, InputIssues, RetryAfter } from '@contract/errors';

/**
 * An HTTP failure from our own endpoints (auth helper, server functions). Mirrors the docs/PRODUCT-RULES.md §4
 * body `{code, status, message, data?}` so callers treat it like an oRPC error.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly data: unknown;

  constructor(message: string, status: number, code?: string, data?: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

/** The HTTP status carried by an HttpError or an ORPCError, if any. */
export function errorStatus(error: unknown): number | undefined {
  return isObject(error) && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}

export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * The field problems of a 400 about the input (`data.issues`, worker/contract/errors.ts), from an
 * ORPCError or an HttpError; none for any other error.
 */
export function inputIssues(error: unknown): InputIssue[] {
  const data = dataOf(error);
  return isInputIssues(data) ? data.issues : [];
}

/** Field errors sent by the server, keyed by the first path segment (the first problem of a field wins). */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of inputIssues(error)) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in out)) out[key] = issue.message;
  }
  return out;
}

/** How long a 429 asks to wait (`data.retryAfter`, seconds), if it says. */
export function retryAfterOf(error: unknown): number | undefined {
  const data = dataOf(error);
  return isRetryAfter(data) ? data.retryAfter : undefined;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
const dataOf = (error: unknown): unknown => (isObject(error) && 'data' in error ? error.data : undefined);
const isInputIssues = (data: unknown): data is InputIssues =>
  isObject(data) &&
  'issues' in data &&
  Array.isArray(data.issues) &&
  data.issues.every((issue: unknown) => isObject(issue) && 'path' in issue && Array.isArray(issue.path) && 'message' in issue);
const isRetryAfter = (data: unknown): data is RetryAfter =>
  isObject(data) && 'retryAfter' in data && typeof data.retryAfter === 'number';

/**
 * Reads a failed response (docs/PRODUCT-RULES.md §4): the JSON body's message, else the body text,
 * else 'HTTP error! status'.
 */
export async function httpErrorFromResponse(response: Response): Promise<HttpError> {
  const text = await response.text().catch(() => '');
  let message = '';
  let code: string | undefined;
  let data: unknown;
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown; data?: unknown };
    if (typeof body?.message === 'string') message = body.message;
    if (typeof body?.code === 'string') code = body.code;
    data = body?.data;
  } catch {
    message = text.trim();
  }
  return new HttpError(message || 'HTTP error! status', response.status, code, data);
}
