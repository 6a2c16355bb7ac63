import { Hono } from 'hono';
import { assertAccess, type Session } from '../domains/auth/access';
import { reloadAdmin } from '../domains/auth/reload-admin';
import { createDb } from '../db/client';
import { openApiDocument } from '../rpc/openapi-document';
import type { AppEnv } from './app-env';

/** GET /api/openapi.json: the RPC API reference, for admins only (401 signed out, 403 others). */
export const openApiRoutes = new Hono<AppEnv>().get('/openapi.json', async (c) => {
  const session = assertAccess('admin', c.get('session')) as Session;
  await reloadAdmin(createDb(c.env.DB), session);
  c.header('Cache-Control', 'private, no-store');
  return c.json(await openApiDocument());
});
