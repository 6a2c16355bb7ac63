import type { AnyContractProcedure, AnySchema, OpenAPI } from '@orpc/contract';
import { OpenAPIGenerator, type ConditionalSchemaConverter } from '@orpc/openapi';
import { ZodToJsonSchemaConverter } from '@orpc/zod/zod4';
import { RPC_ACCESS, STEP_UP_PROCEDURES } from '../access-policy';
import { documentedSchema } from '../contract/unchecked';
import type { AccessLevel } from '../domains/auth/access';
import { ACCESS_COOKIE } from '../contract/patterns';
import { SECOND_FACTOR_REASONS } from '../contract/enums';
import { ERROR_CATALOGUE, type ErrorCode } from '../lib/error-catalogue';
import { contract } from '../contract';

/** What each access level means (docs/PRODUCT-RULES.md §3), shown on every operation and as its tag. */
const LEVEL_TEXT: Record<AccessLevel, string> = {
  public: 'anyone, signed in or not',
  authed: 'any signed-in user',
  approved: 'approved users (writes re-read the caller from the database)',
  riskTeam: 'approved risk-team members (re-read from the database on every call)',
  admin: 'admins and superadmins (re-read from the database on every call)',
  terminal: 'approved users with terminal access (re-read from the database on every call)',
};

const DESCRIPTION = `Meridian's RPC API, generated from the oRPC contract: every procedure, its input and output, who may call it and the errors it can answer.

## RPC wire format
- \`POST /api/rpc/{name}\` with the body \`{"json": input}\` (\`Content-Type: application/json\`); a procedure without input takes an empty body.
- \`GET /api/rpc/{name}?data=…\` (the URL-encoded \`{"json": input}\`) answers the same, allowed while the whole URL is at most **2083 characters** (the web client uses GET for \`get…\`/\`list…\` procedures).
- Success: **200** with \`{"json": output}\` (a \`meta\` array appears only for values JSON cannot carry).
- Failure: the status of the error catalogue (docs/PRODUCT-RULES.md §4) with \`{"json": {"defined", "code", "status", "message", "data"}}\`. A 400 from input validation carries \`data.issues[]\` (\`path\`, \`message\`).
- Event streams (\`stream…\`) answer \`text/event-stream\`: \`message\` events whose \`data\` is \`{"json": event}\`, a comment every 5000 ms as keep-alive.
- Authentication: the session cookies from \`/api/auth/*\` (an access token of 10 minutes, refreshed with \`POST /api/auth/refresh\`). Cross-site requests are refused.

## Server functions
Besides RPC, the web app calls server functions at \`/_serverFn/{name}?createServerFn\` (the marker is required): GET carries \`payload=…\` (URL-encoded JSON) in the query string, POST carries \`{"data": input, "context": {}}\`. Each function has one method; another answers 405 with \`Allow\`. Success is 200 with the JSON result; failure the catalogue status with \`{code, status, message}\`. They cover the news settings (mappings, rules, sources, Telegram chats, Twitter handles and sessions, thresholds), \`getUser\` and \`signOut\`.

## Sign-in and the second factor
Users with terminal access, the risk-team flag or an admin role need a second factor (a passkey or an authenticator app, RFC 6238) for those powers (\`SECOND_FACTOR_REQUIRED\`, on by default). The endpoints below take and answer plain JSON (no \`{"json": …}\` wrapper), POST only, same origin only.
- \`POST /api/auth/sign-in/email\` \`{email, password}\`: a user without a second factor gets the session cookies and \`{user}\`. A user with one gets **200** \`{"secondFactor": {"kinds": ["passkey", "totp"], "recoveryCodes": true, "expiresAt": …}}\` and no session: only an HttpOnly \`meridian_2fa\` cookie (path \`/api/auth\`, 5 minutes) that the second step needs. A wrong password and an unknown email answer the same **401**.
- \`POST /api/auth/second-factor/totp\` \`{"code": "123456"}\` (or a recovery code, \`xxxxx-xxxxx\`): with the \`meridian_2fa\` cookie it completes the sign-in (**200** \`{user, secondFactorAt, recoveryCodesLeft?}\` and the session cookies); signed in without it, it is a **step-up** (the session's second factor is confirmed now). A code is accepted for its 30-second step or one either side, once: a used code, an older one, a wrong or expired one all answer the same **401** \`That code is not valid\`. Each recovery code works once.
- \`POST /api/auth/passkey/options\` (no body) answers \`{"options": …}\` (WebAuthn request options for \`navigator.credentials.get\`); \`POST /api/auth/passkey/verify\` \`{"response": …}\` (the browser's answer, as @simplewebauthn/browser gives it) completes the sign-in or the step-up like the code does.
- Every second-step attempt counts against the same failure limits as passwords, per email and per IP (**429** with \`Retry-After\`); a success gives them back.

A caller whose power needs a second factor gets **403** with \`data.reason\`: \`secondFactorRequired\` (none enrolled: add one with \`startTotpEnrolment\`/\`confirmTotpEnrolment\` or \`startPasskeyEnrolment\`/\`finishPasskeyEnrolment\`) or \`stepUpRequired\` (\`data.maxAgeSeconds\`: confirm the second factor again through the endpoints above, then retry). Step-up procedures (marked **Step-up** and \`x-step-up\`) need a confirmation at most 5 minutes old: ${[...STEP_UP_PROCEDURES].map((n) => `\`${n}\``).join(', ')}.`;

const converter = new ZodToJsonSchemaConverter();
/** Outputs typed by `unchecked(schema)` (not re-validated at runtime) are documented by that schema. */
const uncheckedConverter: ConditionalSchemaConverter = {
  condition: (schema) => documentedSchema(schema) !== undefined,
  convert: (schema, options) => converter.convert(documentedSchema(schema), options),
};
const generator = new OpenAPIGenerator({ schemaConverters: [uncheckedConverter, converter] });

/** A flat router or contract, and the access level of each of its procedures. */
type Procedures = Record<string, AnyContractProcedure>;
type AccessTable = Record<string, AccessLevel>;
type Schema = Record<string, unknown>;

/**
 * oRPC's `meta`: for each value JSON cannot carry (a Date, a BigInt, …), its type code followed by
 * the path to it in `json`.
 */
const metaSchema = {
  type: 'array',
  description: 'Types JSON cannot carry (rarely present): each entry is a type code, then the path to the value',
  items: { type: 'array', items: { type: ['integer', 'string'] } },
};

/** An answer's body: `{"json": …}`, with oRPC's `meta` for values JSON cannot carry. */
const wrapJson = (schema: unknown): Schema => ({
  type: 'object',
  properties: { json: schema as Schema, meta: metaSchema },
  required: ['json'],
});

/** The session: the access cookie set by /api/auth (sign-in, refresh). */
const SESSION_SCHEME = 'session';
const securitySchemes = {
  [SESSION_SCHEME]: {
    type: 'apiKey',
    in: 'cookie',
    name: ACCESS_COOKIE,
    description: 'The access token (10 minutes) set by `/api/auth/sign-in/email` and renewed by `POST /api/auth/refresh`.',
  },
};

/**
 * zod writes `.int().positive()` as a safe-integer `minimum` beside `exclusiveMinimum: 0`; linters
 * (rightly) ask for one bound per side: keep the tighter one. Walks the document in place.
 */
function oneBoundPerSide(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(oneBoundPerSide);
  if (!node || typeof node !== 'object') return;
  const schema = node as Schema;
  const tighter = (inclusive: string, exclusive: string, exclusiveWins: (inc: number, exc: number) => boolean) => {
    const inc = schema[inclusive];
    const exc = schema[exclusive];
    if (typeof inc !== 'number' || typeof exc !== 'number') return;
    delete schema[exclusiveWins(inc, exc) ? inclusive : exclusive];
  };
  tighter('minimum', 'exclusiveMinimum', (inc, exc) => exc >= inc);
  tighter('maximum', 'exclusiveMaximum', (inc, exc) => exc <= inc);
  Object.values(schema).forEach(oneBoundPerSide);
}

/** The errors a procedure can answer: from its access level, its input, and the errors its contract declares. */
export function errorCodesOf(procedures: Procedures, access: AccessTable, name: string): ErrorCode[] {
  const level = access[name]!;
  const def = procedures[name]!['~orpc'];
  const codes = new Set<ErrorCode>();
  if (def.inputSchema) codes.add('BAD_REQUEST');
  if (level !== 'public') codes.add('UNAUTHORIZED');
  if ((level !== 'public' && level !== 'authed') || STEP_UP_PROCEDURES.has(name as never)) codes.add('FORBIDDEN');
  for (const code of Object.keys(def.errorMap ?? {})) if (code in ERROR_CATALOGUE) codes.add(code as ErrorCode);
  codes.add('TOO_MANY_REQUESTS');
  codes.add('INTERNAL_SERVER_ERROR');
  return [...codes].sort((a, b) => ERROR_CATALOGUE[a] - ERROR_CATALOGUE[b]);
}

function errorResponse(code: ErrorCode, data: unknown): OpenAPI.ResponseObject {
  return {
    description: code,
    content: {
      'application/json': {
        schema: wrapJson({
          type: 'object',
          properties: {
            defined: { type: 'boolean' },
            code: { const: code },
            status: { const: ERROR_CATALOGUE[code] },
            message: { type: 'string' },
            data: (data ?? {}) as Schema,
          },
          required: ['code', 'status', 'message'],
        }),
      },
    },
  } as OpenAPI.ResponseObject;
}

function operationFor(procedures: Procedures, access: AccessTable, name: string, generated: OpenAPI.OperationObject) {
  const def = procedures[name]!['~orpc'];
  const level = access[name];
  if (!level) throw new Error(`OpenAPI: ${name} has no access level in access-policy.ts`);
  const stepUp = STEP_UP_PROCEDURES.has(name as never);
  const success = (generated.responses?.['200'] ?? { description: 'OK' }) as OpenAPI.ResponseObject;
  const jsonBody = success.content?.['application/json'];
  // A bare `type<T>()` output is known to TypeScript only: say so rather than show oRPC's "anything".
  const typedOnly =
    def.outputSchema !== undefined && def.outputSchema['~standard'].vendor !== 'zod' && !documentedSchema(def.outputSchema);
  const output = typedOnly
    ? { description: 'Typed in TypeScript only (worker/contract); not validated at runtime' }
    : jsonBody?.schema;
  const responses: Record<string, OpenAPI.ResponseObject> = {
    '200': jsonBody ? { ...success, content: { 'application/json': { schema: wrapJson(output) } } } : success,
  };
  for (const code of errorCodesOf(procedures, access, name)) {
    const declared = (def.errorMap as Record<string, { data?: AnySchema } | undefined>)?.[code]?.data;
    const data = declared
      ? converter.convert(declared, { strategy: 'output' })[1]
      : code === 'BAD_REQUEST'
        ? issuesSchema
        : code === 'FORBIDDEN'
          ? forbiddenSchema
          : {};
    responses[String(ERROR_CATALOGUE[code])] = errorResponse(code, data);
  }
  const operation: OpenAPI.OperationObject = {
    operationId: name,
    // The procedure's name is what a caller types: it titles the operation; the contract's summary describes it.
    summary: name,
    description: [
      generated.summary,
      `**Access:** ${level} — ${LEVEL_TEXT[level]}.`,
      stepUp ? STEP_UP_TEXT : undefined,
      generated.description,
    ]
      .filter(Boolean)
      .join('\n\n'),
    tags: [level],
    responses,
  };
  (operation as Schema)['x-access-level'] = level;
  if (stepUp) (operation as Schema)['x-step-up'] = true;
  // Every level but public needs the session cookie.
  operation.security = level === 'public' ? [] : [{ [SESSION_SCHEME]: [] }];
  if (def.inputSchema) {
    const [required, schema] = converter.convert(def.inputSchema, { strategy: 'input' });
    const body = { type: 'object', properties: { json: schema }, ...(required ? { required: ['json'] } : {}) };
    operation.requestBody = { required, content: { 'application/json': { schema: body as Schema } } };
  }
  return operation;
}

/** A 403 may say why: a second factor to add, or to confirm again (the step-up). */
const forbiddenSchema = {
  type: 'object',
  properties: {
    reason: { type: 'string', enum: [...SECOND_FACTOR_REASONS] },
    maxAgeSeconds: { type: 'integer', description: 'stepUpRequired: how old the confirmation may be' },
  },
};

const STEP_UP_TEXT =
  '**Step-up:** needs a second factor confirmed in the last 5 minutes; otherwise 403 with `data.reason: "stepUpRequired"` (confirm it through `POST /api/auth/second-factor/totp` or the passkey endpoints, then retry).';

const issuesSchema = {
  type: 'object',
  properties: {
    issues: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } },
      },
    },
  },
};

/**
 * The OpenAPI 3.1 document of the RPC API, built by oRPC's generator from the contract the router
 * implements (so a new procedure appears without editing anything here), then shaped to the RPC wire format: every
 * procedure at POST /api/rpc/<name> with its body wrapped in `{"json": …}`.
 */
export async function buildOpenApiDocument(
  procedures: Procedures = contract as unknown as Procedures,
  access: AccessTable = RPC_ACCESS,
): Promise<OpenAPI.Document> {
  const generated = await generator.generate(procedures, {
    info: {
      title: 'Meridian RPC API',
      version: '1',
      description: DESCRIPTION,
      contact: { name: 'Meridian platform team' },
      license: { name: 'Proprietary: internal use only', identifier: 'LicenseRef-Proprietary' },
    },
  });
  const paths: Record<string, { post: OpenAPI.OperationObject }> = {};
  for (const item of Object.values(generated.paths ?? {})) {
    for (const op of Object.values(item as Record<string, OpenAPI.OperationObject>)) {
      const name = op.operationId!;
      if (!Object.hasOwn(procedures, name)) throw new Error(`OpenAPI: unknown operation ${name}`);
      paths[`/${name}`] = { post: operationFor(procedures, access, name, op) };
    }
  }
  const document = {
    ...generated,
    openapi: '3.1.1',
    servers: [{ url: '/api/rpc', description: 'This deployment' }],
    tags: (Object.keys(LEVEL_TEXT) as AccessLevel[])
      .filter((level) => Object.values(access).includes(level))
      .map((level) => ({ name: level, description: `Callable by ${LEVEL_TEXT[level]}` })),
    paths,
    components: { ...generated.components, securitySchemes },
  } as OpenAPI.Document;
  oneBoundPerSide(document.paths);
  return document;
}

let cached: Promise<OpenAPI.Document> | undefined;
/** Built once per isolate: the contract does not change while it runs. */
export function openApiDocument() {
  cached ??= buildOpenApiDocument().catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}
