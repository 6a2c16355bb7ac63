import { Hono } from 'hono';
import { assertAccess } from '../domains/auth/access';
import { reloadAdmin } from '../domains/auth/reload-admin';
import { createDb } from '../db/client';
import type { AppEnv } from '../http/app-env';
import { parseInput } from '../http/request';
import { domainError } from '../lib/domain-error';
import { serverFns } from './registry';

const MARKER = 'createServerFn';

function parsePayload(raw: string | undefined): unknown {
  if (raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw domainError('BAD_REQUEST', 'payload must be URL-encoded JSON');
  }
}

/**
 * ARCHITECTURE.md wire format: /_serverFn/<name>?createServerFn; GET carries ?payload=<json>,
 * POST carries {"data": …, "context": {}}. Success is 200 with the JSON result.
 */
export const serverFnRoutes = new Hono<AppEnv>().all('/:name', async (c) => {
  const name = c.req.param('name');
  const fn = Object.hasOwn(serverFns, name) ? serverFns[name] : undefined;
  if (!fn) throw domainError('NOT_FOUND', `Unknown server function: ${name}`);
  if (c.req.query(MARKER) === undefined) throw domainError('BAD_REQUEST', 'Missing createServerFn marker');
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  if (method !== fn.method) {
    c.header('Allow', fn.method);
    throw domainError('METHOD_NOT_SUPPORTED', `${name} accepts ${fn.method} only`);
  }
  const session = assertAccess(fn.access, c.get('session'));
  const db = createDb(c.env.DB);
  // Admin functions change shared configuration: the token's role is not enough (reload-admin.ts).
  if (fn.access === 'admin') await reloadAdmin(db, session!);

  let raw: unknown;
  if (fn.method === 'GET') raw = parsePayload(c.req.query('payload'));
  else {
    const body = await c.req.json().catch(() => {
      throw domainError('BAD_REQUEST', 'Request body must be valid JSON');
    });
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw domainError('BAD_REQUEST', 'Body must be {"data": …, "context": {}}');
    raw = (body as { data?: unknown }).data;
  }
  const input = parseInput(fn.input, raw);
  const result = await fn.handler({ input, ctx: { c, db, session } });
  return c.json(result ?? null);
});
