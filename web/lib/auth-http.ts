import { httpErrorFromResponse } from './http-error';
import { hadSession, setHadSession } from './session-hint';

/** POSTs JSON to the authentication helper (PRODUCT.md §3). Mutations must send a JSON body. */
export async function postAuth<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw await httpErrorFromResponse(response);
  return (await response.json()) as T;
}

let refreshing: Promise<boolean> | null = null;
let lastRefreshAt = 0;

/** performance.now() of the last successful refresh; calls started before it can simply retry. */
export function lastRefreshTime() {
  return lastRefreshAt;
}

/**
 * Rotates the session cookies. Single flight: every caller that arrives while a refresh is running
 * shares its promise, so one expired access token never causes parallel refreshes (which would
 * present the same refresh token twice and trip reuse detection).
 */
export function refreshSession(): Promise<boolean> {
  if (!hadSession()) return Promise.resolve(false);
  refreshing ??= postAuth('/api/auth/refresh', {})
    .then(
      () => {
        lastRefreshAt = performance.now();
        return true;
      },
      () => {
        setHadSession(false);
        return false;
      },
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}
