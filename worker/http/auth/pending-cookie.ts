import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { serialize } from 'hono/utils/cookie';
import type { AppEnv } from '../app-env';

/**
 * A sign-in whose password was right and whose second factor is to come: an opaque token
 * (D1 keeps its SHA-256, domains/auth/second-factor/challenges.ts), HttpOnly, sent only to /api/auth,
 * and useless without the user's authenticator, passkey or a recovery code.
 */
export const SECOND_FACTOR_COOKIE = 'meridian_2fa';
const PATH = '/api/auth';

const secure = (url: string) => {
  const { hostname, protocol } = new URL(url);
  return !(protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(hostname));
};

export function setPendingCookie(c: Context<AppEnv>, token: string, expiresAt: number) {
  c.header(
    'Set-Cookie',
    serialize(SECOND_FACTOR_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: secure(c.req.url),
      path: PATH,
      expires: new Date(expiresAt),
    }),
    { append: true },
  );
}

export function clearPendingCookie(c: Context<AppEnv>) {
  c.header(
    'Set-Cookie',
    serialize(SECOND_FACTOR_COOKIE, '', {
      httpOnly: true,
      sameSite: 'Strict',
      secure: secure(c.req.url),
      path: PATH,
      maxAge: 0,
      expires: new Date(0),
    }),
    { append: true },
  );
}

export const readPendingCookie = (c: Context<AppEnv>) => getCookie(c, SECOND_FACTOR_COOKIE);
