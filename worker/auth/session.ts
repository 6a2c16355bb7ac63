import { createMiddleware } from 'hono/factory';
import { getConfig, type AppEnv } from '../env';
import { isRevokedLocally, verifyAccessToken, type VerifiedToken } from './jwt';
import { readAccessCookie } from './cookies';

export type Session = VerifiedToken;

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
