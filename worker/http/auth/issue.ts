import type { Context } from 'hono';
import { getConfig, type Config } from '../../env';
import type { UserRow } from '../../db/schema/users';
import { claimsFromUser } from '../../domains/auth/claims';
import { signAccessToken } from '../../domains/auth/jwt';
import type { IssuedRefresh } from '../../domains/auth/sessions';
import type { AppEnv } from '../app-env';
import { accessCookie, refreshCookie } from './cookies';

/** Signs an access token for the user in this session and returns its Set-Cookie value. */
export async function accessCookieFor(url: string, config: Config, user: UserRow, sessionId: string): Promise<string> {
  const { token, expiresAt } = await signAccessToken(claimsFromUser(user, sessionId), config);
  return accessCookie(url, token, expiresAt);
}

export async function issueSessionCookies(c: Context<AppEnv>, user: UserRow, refresh: IssuedRefresh) {
  c.header('Set-Cookie', await accessCookieFor(c.req.url, getConfig(c.env), user, refresh.sessionId), { append: true });
  c.header('Set-Cookie', refreshCookie(c.req.url, refresh.refreshToken, refresh.expiresAt), { append: true });
}
