/** Shared plumbing for the news providers (X, Telegram, RSS): an injectable fetch with a timeout. */

export type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

// Bound through a closure: workerd throws "Illegal invocation" when fetch is called detached.
export const globalFetch: FetchFn = (input, init) => fetch(input, init);

export type NetworkFailure = { kind: 'timeout' } | { kind: 'network' };

/**
 * Runs `fetch` with an abort timeout. Network failures come back as a value rather than a throw so
 * callers map them to catalogue errors; their messages are never passed on, because a URL in them
 * may carry a secret (Telegram puts the bot token in the path).
 */
export async function fetchWithTimeout(
  fetchFn: FetchFn,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ ok: true; res: Response } | { ok: false; failure: NetworkFailure }> {
  try {
    const res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { ok: true, res };
  } catch (err) {
    return { ok: false, failure: { kind: isTimeout(err) ? 'timeout' : 'network' } };
  }
}

export function isTimeout(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** Reads a body as text; a connection dropped mid-body counts as a network failure. */
export async function readText(res: Response): Promise<{ ok: true; text: string } | { ok: false; failure: NetworkFailure }> {
  try {
    return { ok: true, text: await res.text() };
  } catch (err) {
    return { ok: false, failure: { kind: isTimeout(err) ? 'timeout' : 'network' } };
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function trimBaseUrl(url: string): string {
  return url.replace(/\/+$/, '');
}
