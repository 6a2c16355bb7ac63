/**
 * An HTTP failure from our own endpoints (auth helper, server functions). Mirrors the SPEC.md §8
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
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export interface FieldIssue {
  path: string[];
  message: string;
}

/** Field errors sent by the server as `data.issues[]`, keyed by the first path segment. */
export function fieldErrors(error: unknown): Record<string, string> {
  const issues = ((error as { data?: { issues?: unknown } } | null)?.data?.issues ?? []) as FieldIssue[];
  const out: Record<string, string> = {};
  if (!Array.isArray(issues)) return out;
  for (const issue of issues) {
    const key = issue?.path?.[0];
    if (typeof key === 'string' && !(key in out)) out[key] = String(issue.message);
  }
  return out;
}

/**
 * Reads a failed response the way SPEC.md §7 asks: the JSON body's message, else the body text,
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
