import type { Context } from 'hono';
import { createDb } from '../../db/client';
import { revokeAccessTokenLocally } from '../../domains/auth/jwt';
import { findSessionIdByRefreshToken, revokeSession } from '../../domains/auth/sessions';
import type { AppEnv } from '../app-env';
import { clearAuthCookies, readRefreshCookie } from './cookies';

/** Ends the caller's session: the family is revoked in D1, the access token here, both cookies cleared. */
export async function signOut(c: Context<AppEnv>) {
  const db = createDb(c.env.DB);
  const session = c.get('session');
  const refresh = readRefreshCookie(c);
  const sessionId = session?.sid ?? (refresh ? await findSessionIdByRefreshToken(db, refresh) : undefined);
  if (sessionId) await revokeSession(db, sessionId, 'signed out');
  if (session) revokeAccessTokenLocally(session.jti, session.expiresAt);
  clearAuthCookies(c);
}
