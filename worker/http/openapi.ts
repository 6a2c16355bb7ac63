import { Hono } from 'hono';
import { assertAccess, type Session } from '../domains/auth/access';
import { reloadCaller } from '../domains/auth/fresh-caller';
import { createDb } from '../db/client';
import { openApiDocument } from '../api-docs/openapi-document';
import { freshCheck } from '../wiring/second-factor';
import type { AppEnv } from './app-env';

/** GET /api/openapi.json: the RPC API reference, for admins only (401 signed out, 403 others). */
export const openApiRoutes = new Hono<AppEnv>().get('/openapi.json', async (c) => {
  const session = assertAccess('admin', c.get('session')) as Session;
  await reloadCaller(createDb(c.env.DB), session, 'admin', freshCheck(c.env));
  c.header('Cache-Control', 'private, no-store');
  return c.json(await openApiDocument());
});
