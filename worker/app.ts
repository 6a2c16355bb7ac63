import { Hono } from 'hono';
import { AUTH_ROUTES } from './contract/auth-routes';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './http/app-env';
import { authRoutes } from './http/auth/routes';
import { secondFactorRoutes } from './http/auth/second-factor-routes';
import { sessionMiddleware } from './http/auth/session';
import { csrfProtection } from './http/csrf';
import { errorResponse, toErrorBody } from './http/error-response';
import { openApiRoutes } from './http/openapi';
import { securityHeaders } from './http/security-headers';
import { siteRoutes } from './http/site';
import { telegramWebhookRoutes } from './http/telegram-webhook';
import { domainError } from './lib/domain-error';
import { rpcRoutes } from './rpc/handler';
import { serverFnRoutes } from './server-fns/handler';

const MAX_BODY_BYTES = 1024 * 1024;
const AUTH_POST_ONLY = Object.values(AUTH_ROUTES)
  .filter((route) => route.method === 'POST')
  .map((route) => route.path);

export function createApp() {
  const app = new Hono<AppEnv>();

  app.use(securityHeaders);
  app.get('/api/health', (c) => c.json({ ok: true }));

  app.use('/api/*', csrfProtection, sessionMiddleware);
  app.use('/_serverFn/*', csrfProtection, sessionMiddleware);
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw domainError('PAYLOAD_TOO_LARGE', 'Request body is larger than 1 MB');
      },
    }),
  );

  app.on(['GET', 'PUT', 'PATCH', 'DELETE'], AUTH_POST_ONLY, (c) => {
    c.header('Allow', 'POST');
    throw domainError('METHOD_NOT_SUPPORTED', 'Use POST');
  });
  app.route('/api/auth', authRoutes);
  app.route('/api/auth', secondFactorRoutes);
  app.route('/api/rpc', rpcRoutes);
  app.route('/api', openApiRoutes);
  app.route('/api', siteRoutes);
  app.route('/_serverFn', serverFnRoutes);
  // Telegram news sources: authenticated by the secret token header, not a session (CSRF passes:
  // Telegram posts JSON with no Origin or Sec-Fetch-Site).
  app.route('/api/telegram', telegramWebhookRoutes);

  app.notFound(() => {
    throw domainError('NOT_FOUND', 'Not found');
  });
  app.onError((err, c) => {
    const body = toErrorBody(err, c.get('requestId'));
    const res = errorResponse(body);
    // Headers a handler set before failing that the client still needs: Allow (405), cleared cookies.
    for (const cookie of c.res.headers.getSetCookie()) res.headers.append('Set-Cookie', cookie);
    const allow = c.res.headers.get('Allow');
    if (allow) res.headers.set('Allow', allow);
    const retryAfter = (body.data as { retryAfter?: number } | undefined)?.retryAfter;
    if (retryAfter) res.headers.set('Retry-After', String(retryAfter));
    return res;
  });
  return app;
}
