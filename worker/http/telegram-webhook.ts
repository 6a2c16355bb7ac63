import { Hono } from 'hono';
import { createDb } from '../db/client';
import { newsIngestDeps } from '../wiring/news-ingest';
import { receiveTelegramUpdate } from '../domains/news/sources/telegram-webhook';
import { domainError } from '../lib/domain-error';
import { TELEGRAM_SECRET_HEADER } from '../providers/telegram/update';
import type { AppEnv } from './app-env';

/**
 * Telegram's webhook deliveries for the Telegram news sources, mounted at /api/telegram. Machine
 * to machine: the secret token header authenticates, not a session. Telegram redelivers on any
 * non-2xx answer, so a stored, duplicate or ignored update all answer 200.
 */
export const telegramWebhookRoutes = new Hono<AppEnv>()
  .post('/webhook/:sourceId', async (c) => {
    const db = createDb(c.env.DB);
    const status = await receiveTelegramUpdate(
      { db, ingest: newsIngestDeps(c.env, db) },
      {
        sourceId: c.req.param('sourceId'),
        secretToken: c.req.header(TELEGRAM_SECRET_HEADER),
        readBody: () => c.req.text(),
      },
    );
    return c.json({ ok: true, status });
  })
  .on(['GET', 'PUT', 'PATCH', 'DELETE'], '/webhook/:sourceId', (c) => {
    c.header('Allow', 'POST');
    throw domainError('METHOD_NOT_SUPPORTED', 'Use POST');
  });
