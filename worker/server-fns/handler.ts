import { Hono } from 'hono';
import { serverFnContract, type ServerFnName } from '../contract/server-fns';
import { assertAccess } from '../domains/auth/access';
import { confirmsInD1, reloadCaller } from '../domains/auth/fresh-caller';
import { createDb } from '../db/client';
import type { AppEnv } from '../http/app-env';
import { parseInput } from '../http/request';
import { domainError } from '../lib/domain-error';
import type { ServerFnImpl } from './define';
import { serverFns } from './registry';
import { freshCheck } from '../wiring/second-factor';
import { audited, type ServerFnAuditNote } from './audited';

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
  if (!Object.hasOwn(serverFnContract, name)) throw domainError('NOT_FOUND', `Unknown server function: ${name}`);
  const { method: fnMethod, input: inputSchema } = serverFnContract[name as ServerFnName];
  const fn = serverFns[name as ServerFnName] as ServerFnImpl;
  if (c.req.query(MARKER) === undefined) throw domainError('BAD_REQUEST', 'Missing createServerFn marker');
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  if (method !== fnMethod) {
    c.header('Allow', fnMethod);
    throw domainError('METHOD_NOT_SUPPORTED', `${name} accepts ${fnMethod} only`);
  }
  const call = async (note?: ServerFnAuditNote) => {
    const token = assertAccess(fn.access, c.get('session'));
    const db = createDb(c.env.DB);
    // Writes and powers above plain approved reads are confirmed in D1, not taken from the token (fresh-caller.ts).
    let session = token;
    if (confirmsInD1(fn.access, fnMethod !== 'GET', token)) {
      const caller = await reloadCaller(db, token!, fn.access, freshCheck(c.env));
      session = caller.session;
      if (note) note.actorEmail = caller.user.email;
    }

    let raw: unknown;
    if (fnMethod === 'GET') raw = parsePayload(c.req.query('payload'));
    else {
      const body = await c.req.json().catch(() => {
        throw domainError('BAD_REQUEST', 'Request body must be valid JSON');
      });
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw domainError('BAD_REQUEST', 'Body must be {"data": …, "context": {}}');
      raw = (body as { data?: unknown }).data;
    }
    const input = parseInput(inputSchema, raw);
    if (note) note.input = input;
    return fn.handler({ input, ctx: { c, db, session } });
  };
  // Admin writes are recorded in the audit trail, refusals included.
  const result = fn.access === 'admin' && fnMethod !== 'GET' ? await audited(c, name, call) : await call();
  return c.json(result ?? null);
});
