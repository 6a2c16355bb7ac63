import { os } from '@orpc/server';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RPC_ACCESS, STEP_UP_PROCEDURES } from '../access-policy';
import { ACCESS_COOKIE } from '../contract/patterns';
import { ERROR_CATALOGUE } from '../lib/error-catalogue';
import { fetchApp, insertUser, signedInJar } from '../test/harness';
import { buildOpenApiDocument } from './openapi-document';
import { router } from '../rpc/router';

type Operation = {
  operationId: string;
  description: string;
  'x-access-level': string;
  requestBody?: { content: Record<string, { schema: { properties: { json: unknown } } }> };
  responses: Record<string, { content?: Record<string, { schema: { properties: { json: unknown } } }> }>;
};
const operations = (doc: { paths?: unknown }) =>
  Object.entries(doc.paths as Record<string, { post: Operation }>).map(([path, item]) => ({ path, op: item.post }));

describe('OpenAPI document of the RPC router', () => {
  it('is valid OpenAPI 3.1', async () => {
    const doc = await buildOpenApiDocument();
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('lists every procedure of the router at POST /<name>, with its access level and error codes', async () => {
    const doc = await buildOpenApiDocument();
    const listed = operations(doc);
    expect(listed.map((o) => o.op.operationId).sort()).toEqual(Object.keys(router).sort());
    for (const { path, op } of listed) {
      const level = RPC_ACCESS[op.operationId as keyof typeof RPC_ACCESS];
      expect(path).toBe(`/${op.operationId}`);
      expect(op['x-access-level']).toBe(level);
      expect(op.description).toContain(`**Access:** ${level}`);
      expect(op.responses['200']).toBeDefined();
      for (const status of Object.keys(op.responses).filter((s) => s !== '200')) {
        expect(Object.values(ERROR_CATALOGUE)).toContain(Number(status));
      }
    }
  });

  it('describes inputs, outputs and the errors each procedure declares', async () => {
    const doc = await buildOpenApiDocument();
    const byName = Object.fromEntries(operations(doc).map(({ op }) => [op.operationId, op]));
    const news = byName.getHistoricalNews!;
    expect(news.requestBody?.content['application/json']?.schema.properties.json).toBeTruthy();
    expect(news.responses['200']?.content?.['application/json']?.schema.properties.json).toBeTruthy();
    expect(JSON.stringify(byName.listTodoItems!.responses['200'])).toContain('"title"');
    // Outputs not re-validated at runtime (`unchecked`) are still documented by their schema.
    expect(JSON.stringify(news.responses['200'])).toContain('"nextCursor"');
    expect(JSON.stringify(byName.streamNews!.responses['200'])).toContain('"onePctMovement"');
    expect(JSON.stringify(byName.getAccountHistory!.responses['200'])).toContain('"points"');
    expect(JSON.stringify(doc)).not.toContain('TypeScript only');
    expect(Object.keys(news.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(Object.keys(byName.getCurrentUser!.responses)).not.toContain('403');
    expect(Object.keys(byName.updateTodoItem!.responses)).toEqual(expect.arrayContaining(['404', '409']));
    const conflict = JSON.stringify(byName.updateTodoItem!.responses['409']);
    expect(conflict).toContain('current');
    expect(doc.info.description).toContain('POST /api/rpc/{name}');
    expect(doc.info.description).toContain('2083');
    expect(doc.info.description).toContain('/_serverFn');
  });

  it('documents the /api/auth second-factor wire beside the RPC wire, and marks the step-up procedures', async () => {
    const doc = await buildOpenApiDocument();
    for (const text of [
      'POST /api/auth/sign-in/email',
      '"secondFactor"',
      'meridian_2fa',
      'POST /api/auth/second-factor/totp',
      'POST /api/auth/passkey/options',
      'POST /api/auth/passkey/verify',
      'secondFactorRequired',
      'stepUpRequired',
      '429',
    ])
      expect(doc.info.description, text).toContain(text);
    const byName = Object.fromEntries(
      operations(doc).map(({ op }) => [op.operationId, op as Operation & { 'x-step-up'?: boolean }]),
    );
    for (const name of STEP_UP_PROCEDURES) {
      const op = byName[name]!;
      expect(op['x-step-up'], name).toBe(true);
      expect(op.description).toContain('**Step-up:**');
      expect(doc.info.description).toContain(`\`${name}\``);
      expect(JSON.stringify(op.responses['403']), name).toContain('stepUpRequired');
    }
    expect(byName.listUsers!['x-step-up']).toBeUndefined();
    expect(JSON.stringify(byName.listUsers!.responses['403'])).toContain('secondFactorRequired');
  });

  // The outside linters run in `npm test` (npm run lint:openapi); these pin what they asked for.
  it('declares the cookie session and applies it to every operation', async () => {
    const doc = (await buildOpenApiDocument()) as unknown as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, { post: { security?: unknown[] } }>;
    };
    expect(doc.components.securitySchemes.session).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: ACCESS_COOKIE }),
    );
    for (const [path, { post }] of Object.entries(doc.paths)) expect(post.security, path).toEqual([{ session: [] }]);
    const open = await buildOpenApiDocument({ ...router, ping: os.handler(() => 1) } as never, { ...RPC_ACCESS, ping: 'public' });
    expect((open.paths as Record<string, { post: { security?: unknown[] } }>)['/ping']!.post.security).toEqual([]);
  });

  it('gives every array schema its items, the meta arrays included', async () => {
    const arraysWithoutItems: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (schema.type === 'array' && !('items' in schema) && !('prefixItems' in schema)) arraysWithoutItems.push(where);
      for (const [key, value] of Object.entries(schema)) walk(value, `${where}/${key}`);
    };
    walk((await buildOpenApiDocument()).paths, '#/paths');
    expect(arraysWithoutItems).toEqual([]);
  });

  it('shows a procedure added to the router without editing the docs', async () => {
    const pingDesk = os
      .route({ summary: 'Ping the desk' })
      .input(z.object({ desk: z.string().max(20) }))
      .output(z.object({ pong: z.literal(true) }))
      .handler(() => ({ pong: true as const }));
    const doc = await buildOpenApiDocument({ ...router, pingDesk } as never, { ...RPC_ACCESS, pingDesk: 'riskTeam' });
    const added = operations(doc).find((o) => o.op.operationId === 'pingDesk');
    expect(added?.path).toBe('/pingDesk');
    expect(added?.op['x-access-level']).toBe('riskTeam');
    expect(JSON.stringify(added?.op.requestBody)).toContain('"maxLength":20');
    expect((await validate(structuredClone(doc) as never)).valid).toBe(true);
  });

  it('refuses a procedure with no access level rather than documenting it wrongly', async () => {
    const orphan = os.handler(() => 1);
    await expect(buildOpenApiDocument({ ...router, orphan } as never)).rejects.toThrow(/orphan has no access level/);
  });
});

describe('GET /api/openapi.json', () => {
  it('answers admins with the document, 403 to other approved users, 401 signed out', async () => {
    const admin = await signedInJar(await insertUser({ role: 'admin', email: 'docs-admin@openapi.test' }));
    const trader = await signedInJar(await insertUser({ email: 'docs-trader@openapi.test' }));
    const ok = await fetchApp('/api/openapi.json', { headers: { cookie: admin.header() } });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(body.openapi).toMatch(/^3\.1\./);
    expect(body.paths['/getHistoricalNews']).toBeDefined();
    expect((await fetchApp('/api/openapi.json', { headers: { cookie: trader.header() } })).status).toBe(403);
    expect((await fetchApp('/api/openapi.json')).status).toBe(401);
  });
});
