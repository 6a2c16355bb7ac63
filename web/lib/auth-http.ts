import type { AuthInput, AuthOutput } from '@contract/auth';
import { AUTH_ROUTES, type AuthRouteName } from '@contract/auth-routes';
import { httpErrorFromResponse } from './http-error';
import { hadSession, setHadSession } from './session-hint';

type PostRoute = { [N in AuthRouteName]: (typeof AUTH_ROUTES)[N]['method'] extends 'POST' ? N : never }[AuthRouteName];

/**
 * Calls a POST route of the authentication helper (docs/PRODUCT-RULES.md §5), typed by its contract
 * (worker/contract/auth.ts; the paths from auth-routes.ts). Mutations must send a JSON body. A
 * failure throws an HttpError with the route's `{code, message, data}`.
 */
export async function postAuth<N extends PostRoute>(name: N, body: AuthInput<N>): Promise<AuthOutput<N>> {
  const response = await fetch(AUTH_ROUTES[name].path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  if (!response.ok) throw await httpErrorFromResponse(response);
  return (await response.json()) as AuthOutput<N>;
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
  refreshing ??= postAuth('refresh', {})
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
