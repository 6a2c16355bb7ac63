import { ORPCError } from '@orpc/server';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { fetchApp, insertUser, postJson, postJsonText, rpcClient, signedInJar } from '../test/harness';
import { ERROR_CATALOGUE, codeForStatus, type ErrorCode } from '../lib/error-catalogue';
import { domainError } from '../lib/domain-error';

/** The real app with two extra routes that throw, so the shared error mapping is exercised end to end. */
function appWithThrowers() {
  const app = createApp();
  app.get('/api/test-throw/:code', (c) => {
    throw domainError(c.req.param('code') as ErrorCode, `thrown ${c.req.param('code')}`);
  });
  app.get('/api/test-crash', () => {
    throw new Error('secret database detail');
  });
  return app;
}

afterEach(() => vi.restoreAllMocks());

describe('error catalogue (docs/PRODUCT-RULES.md §4)', () => {
  it.each(Object.entries(ERROR_CATALOGUE))('%s renders with status %i', async (code, status) => {
    const res = await appWithThrowers().request(`http://localhost/api/test-throw/${code}`, {}, env);
    const body = (await res.json()) as { code: string; status: number; message: string };
    expect(res.status).toBe(status);
    expect(body.code).toBe(code);
    expect(body.status).toBe(status);
    expect(new ORPCError(code).status).toBe(status); // oRPC's own table agrees with ours.
    expect(codeForStatus(status)).toBe(code);
    if (code !== 'INTERNAL_SERVER_ERROR') expect(body.message).toBe(`thrown ${code}`);
  });

  it('maps an unknown status to MALFORMED_ORPC_ERROR_RESPONSE', () => {
    expect(codeForStatus(418)).toBe('MALFORMED_ORPC_ERROR_RESPONSE');
  });

  it('turns unknown errors into a logged 500 with no detail for the client', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await appWithThrowers().request('http://localhost/api/test-crash', {}, env);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 'INTERNAL_SERVER_ERROR', status: 500, message: 'Internal server error' });
    expect(text).not.toContain('secret');
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const line = JSON.parse(String(logged.mock.calls[0]?.[0])) as { requestId: string; error: string };
    expect(line.requestId).toBe(requestId);
    expect(line.error).toContain('secret database detail');
  });

  it('answers unknown API paths and procedures with 404 NOT_FOUND', async () => {
    expect(await (await fetchApp('/api/nope')).json()).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    const res = await postJsonText('/api/rpc/noSuchProcedure', '{}');
    expect(res.status).toBe(404);
  });

  it('refuses bodies over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await postJson('/api/auth/sign-in/email', { email: 'a@b.co', password: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('zod at the boundary', () => {
  it('rejects malformed RPC input with 400 BAD_REQUEST', async () => {
    const admin = rpcClient(await signedInJar(await insertUser({ role: 'admin' })));
    await expect(admin.listUsers({ pageSize: 'lots' as unknown as number })).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
    await expect(admin.listUsers({ page: -1 })).rejects.toMatchObject({ status: 400 });
    await expect(admin.updateUser({ id: 'x' } as never)).rejects.toMatchObject({ status: 400 });
    await expect(admin.updateUser({ id: 'x', role: 'emperor' } as never)).rejects.toMatchObject({ status: 400 });
  });

  it('rejects malformed server-function payloads with 400 BAD_REQUEST', async () => {
    expect((await fetchApp('/_serverFn/getUser?createServerFn&payload=%7Bnot-json')).status).toBe(400);
    expect((await fetchApp('/_serverFn/getUser?createServerFn&payload=%7B%22x%22%3A1%7D')).status).toBe(400);
    const res = await postJsonText('/_serverFn/signOut?createServerFn', '[1,2]');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
  });
});
