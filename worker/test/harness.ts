import { createORPCClient } from '@orpc/client';
import { RPCLink } from '@orpc/client/fetch';
import type { ContractRouterClient } from '@orpc/contract';
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { claimsFromUser } from '../domains/auth/claims';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../http/auth/cookies';
import { signAccessToken } from '../domains/auth/jwt';
import { hashPassword } from '../domains/auth/password';
import { createDb, createNewsDb } from '../db/client';
import type { Role } from '../contract/enums';
import { users, type UserRow } from '../db/schema/users';
import { startSession } from '../domains/auth/sessions';
import { secondFactors } from '../db/schema/second-factors';
import { holdsPowers } from '../domains/auth/second-factor/policy';
import { sealTotpSecret } from '../domains/auth/second-factor/totp';
import { parseKeyRing, type KeyRing } from '../domains/orders/key-vault';
import { getConfig, type Bindings } from '../env';
import type { Contract } from '../contract';

export const ORIGIN = 'http://localhost';
export const PASSWORD = 'correct horse battery';
export const testEnv = env as unknown as Bindings;
export const db = createDb(env.DB);
/** The news database (headlines, symbols, FTS, price checks). */
export const newsDb = createNewsDb(env.NEWS_DB);
export const config = getConfig(testEnv);

/** Calls the Worker under test, as a browser on our own origin would. */
export function fetchApp(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, init));
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return postJsonText(path, JSON.stringify(body), headers);
}

/** A POST whose body is sent as given, labelled JSON (malformed on purpose, or the wrong shape). */
export function postJsonText(path: string, body: string, headers: Record<string, string> = {}) {
  return fetchApp(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

/** A minimal cookie jar: name → value from Set-Cookie headers, deleted when Max-Age=0. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  take(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  get access() {
    return this.cookies.get(ACCESS_COOKIE);
  }
  get refresh() {
    return this.cookies.get(REFRESH_COOKIE);
  }
}

let passwordHash: Promise<string> | undefined;

export interface UserSpec {
  email?: string;
  name?: string;
  role?: Role;
  approved?: boolean;
  isRiskTeam?: boolean;
  canUseTerminal?: boolean;
  disabled?: boolean;
  /**
   * An authenticator app with TEST_TOTP_SECRET. Default: for users with a power the
   * second-factor policy guards (terminal, risk team, admin role), so they can use it.
   */
  secondFactor?: boolean;
}

/** The authenticator secret test users are enrolled with (base32); codes: `totpCodeAt(TEST_TOTP_SECRET, at)`. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let ring: Promise<KeyRing> | undefined;
/** The test keyring that seals authenticator secrets (vitest.config.ts SECOND_FACTOR_KEYRING). */
export const testKeyRing = () => (ring ??= parseKeyRing(config.SECOND_FACTOR_KEYRING!));

/** Gives the user an authenticator app with TEST_TOTP_SECRET, straight into D1. */
export async function enrolTotp(userId: string, label = 'Test authenticator') {
  const id = crypto.randomUUID();
  await db.insert(secondFactors).values({
    id,
    userId,
    kind: 'totp',
    label,
    totpSecret: await sealTotpSecret(await testKeyRing(), id, TEST_TOTP_SECRET),
    createdAt: Date.now(),
  });
  return id;
}

/** Inserts a user straight into D1 (password: PASSWORD); one scrypt hash per test file. */
export async function insertUser(spec: UserSpec = {}): Promise<UserRow> {
  passwordHash ??= hashPassword(PASSWORD);
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(users)
    .values({
      id,
      email: spec.email ?? `${id.slice(0, 8)}@example.com`,
      name: spec.name ?? 'Test User',
      role: spec.role ?? 'user',
      approved: spec.approved ?? true,
      isRiskTeam: spec.isRiskTeam ?? false,
      canUseTerminal: spec.canUseTerminal ?? false,
      disabled: spec.disabled ?? false,
      passwordHash: await passwordHash,
      approvedAt: spec.approved === false ? null : Date.now(),
    })
    .returning();
  if (spec.secondFactor ?? holdsPowers(row!)) await enrolTotp(row!.id);
  return row!;
}

/**
 * A signed-in browser for the user: session in D1, access + refresh cookies in the jar. A user with
 * a second factor is signed in as if they had just confirmed it (unless `secondFactor: false`).
 */
export async function signedInJar(user: UserRow, opts: { secondFactor?: boolean } = {}): Promise<CookieJar> {
  const enrolled =
    (await db.select({ id: secondFactors.id }).from(secondFactors).where(eq(secondFactors.userId, user.id)).limit(1)).length > 0;
  const issued = await startSession(db, user.id, 30, {
    secondFactor: opts.secondFactor ?? enrolled,
    userAgent: 'vitest',
    ip: 'test',
  });
  const { token } = await signAccessToken(claimsFromUser(user, issued.sessionId), config);
  const jar = new CookieJar();
  jar.cookies.set(ACCESS_COOKIE, token);
  jar.cookies.set(REFRESH_COOKIE, issued.refreshToken);
  return jar;
}

export function rpcClient(jar?: CookieJar) {
  const link = new RPCLink({
    url: `${ORIGIN}/api/rpc`,
    headers: () => (jar ? { cookie: jar.header() } : {}),
    fetch: async (request, init) => {
      const res = await exports.default.fetch(request, init);
      return jar ? jar.take(res) : res;
    },
  });
  return createORPCClient<ContractRouterClient<Contract>>(link);
}

export function reloadUser(id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export const USER_KINDS = {
  anonymous: null,
  unapproved: { approved: false },
  approved: {},
  riskTeam: { isRiskTeam: true },
  admin: { role: 'admin' },
  terminal: { canUseTerminal: true },
} as const satisfies Record<string, UserSpec | null>;

export type UserKind = keyof typeof USER_KINDS;
