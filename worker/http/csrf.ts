import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';
import { domainError } from '../lib/domain-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * docs/PRODUCT-RULES.md §2: state changes come only as same-site requests with a JSON body. Browsers cannot
 * send application/json cross-site without a CORS preflight (which we never grant), and Origin /
 * Sec-Fetch-Site expose the rest. Form, text/plain and multipart bodies are refused outright.
 */
export const csrfProtection = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const site = c.req.header('sec-fetch-site');
  if (site === 'cross-site') throw domainError('FORBIDDEN', 'Cross-site request refused');
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin) throw domainError('FORBIDDEN', 'Cross-origin request refused');
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw domainError('UNSUPPORTED_MEDIA_TYPE', 'Requests that change data must send a JSON body');
  return next();
});
