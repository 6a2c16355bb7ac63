import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';

/**
 * Headers for every Worker response. The SPA's static files get the same set from public/_headers;
 * keep the two in step (a test compares them).
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

const entries = Object.entries(SECURITY_HEADERS);

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID();
  c.set('requestId', requestId);
  // When the request reached the Worker: the order path's figures count from here (access checks included).
  c.set('receivedAt', Date.now());
  await next();
  const headers = c.res.headers;
  headers.set('X-Request-Id', requestId);
  for (const [k, v] of entries) headers.set(k, v);
});
