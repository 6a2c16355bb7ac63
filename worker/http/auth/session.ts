import { createMiddleware } from 'hono/factory';
import type { Session } from '../../domains/auth/access';
import { isRevokedLocally, verifyAccessToken } from '../../domains/auth/jwt';
import { getConfig } from '../../env';
import type { AppEnv } from '../app-env';
import { readAccessCookie } from './cookies';

/** Reads and verifies the access cookie on every /api and /_serverFn request. No D1 read. */
export const sessionMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const token = readAccessCookie(c);
  let session: Session | null = null;
  if (token) {
    const verified = await verifyAccessToken(token, getConfig(c.env));
    if (verified && !isRevokedLocally(verified.jti)) session = verified;
  }
  c.set('session', session);
  await next();
});
