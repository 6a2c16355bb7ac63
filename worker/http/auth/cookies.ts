import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize, type CookieOptions } from 'hono/utils/cookie';
import type { AppEnv } from '../app-env';

import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../contract/patterns';

export { ACCESS_COOKIE, REFRESH_COOKIE };
/** The refresh token only travels to the auth endpoints. */
const REFRESH_PATH = '/api/auth';

function isLocalhost(url: string): boolean {
  const { hostname, protocol } = new URL(url);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}

function options(url: string, path: string, expiresAt: number): CookieOptions {
  return { httpOnly: true, sameSite: 'Lax', secure: !isLocalhost(url), path, expires: new Date(expiresAt) };
}

/** Set-Cookie values; `url` decides Secure (everywhere but plain-http localhost). */
export const accessCookie = (url: string, token: string, expiresAt: number) =>
  serialize(ACCESS_COOKIE, token, options(url, '/', expiresAt));
export const refreshCookie = (url: string, token: string, expiresAt: number) =>
  serialize(REFRESH_COOKIE, token, options(url, REFRESH_PATH, expiresAt));
const clearedCookies = (url: string) => [
  serialize(ACCESS_COOKIE, '', { ...options(url, '/', 0), maxAge: 0 }),
  serialize(REFRESH_COOKIE, '', { ...options(url, REFRESH_PATH, 0), maxAge: 0 }),
];

export const readAccessCookie = (c: Context<AppEnv>) => getCookie(c, ACCESS_COOKIE);
export const readRefreshCookie = (c: Context<AppEnv>) => getCookie(c, REFRESH_COOKIE);

export function clearAuthCookies(c: Context<AppEnv>) {
  for (const cookie of clearedCookies(c.req.url)) c.header('Set-Cookie', cookie, { append: true });
}
