import { base64url } from 'jose';
import { env } from 'cloudflare:workers';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { vi } from 'vitest';
import type { AuditAction } from '../contract/enums';
import { createAuditDb } from '../db/client';
import { auditLog, type AuditRow } from '../db/schema-audit';
import { sessions } from '../db/schema/sessions';
import { totpCodeAt } from '../domains/auth/second-factor/totp';
import { CookieJar, db, insertUser, PASSWORD, postJson, signedInJar, TEST_TOTP_SECRET } from './harness';

export const auditDb = createAuditDb(env.AUDIT_DB);

/** An email no other test uses, under @audit.test. */
export const auditEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@audit.test`;

/** A signed-in superadmin with every power: who reads and exports the audit trail in its tests. */
export async function signedInRoot() {
  const root = await insertUser({ role: 'superadmin', isRiskTeam: true, canUseTerminal: true, email: auditEmail('root') });
  return { root, rootJar: await signedInJar(root) };
}

/** The authenticator code of `secret` for the 30-second step `steps` away from now. */
export const totpCode = (steps = 0, secret = TEST_TOTP_SECRET) => totpCodeAt(secret, Date.now() + steps * 30_000);

/**
 * Waits, when the current 30-second step ends within `marginMs`, for the next one: a test that
 * needs "the same step" for a few requests does not straddle two. Answers the time to compute with.
 */
export async function midStep(marginMs = 8_000): Promise<number> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return Date.now();
}

/** The session id inside a jar's access token. */
export function sessionIdOf(jar: CookieJar): string {
  return (JSON.parse(new TextDecoder().decode(base64url.decode(jar.access!.split('.')[1]!))) as { sid: string }).sid;
}

/** Makes the session's last second-factor confirmation `ms` old (null: never confirmed). */
export function confirmedAgo(jar: CookieJar, ms: number | null) {
  return db
    .update(sessions)
    .set({ secondFactorAt: ms === null ? null : Date.now() - ms })
    .where(eq(sessions.id, sessionIdOf(jar)));
}

/** The password step: answers the response; the jar keeps the pending cookie (or the session). */
export async function passwordStep(jar: CookieJar, email: string, opts: { ip?: string; password?: string; ua?: string } = {}) {
  return jar.take(
    await postJson(
      '/api/auth/sign-in/email',
      { email, password: opts.password ?? PASSWORD },
      { 'cf-connecting-ip': opts.ip ?? '198.51.100.1', 'user-agent': opts.ua ?? 'vitest' },
    ),
  );
}

/** The second step (a code or a recovery code) with the jar's cookies: a sign-in's, or a step-up. */
export async function codeStep(jar: CookieJar, code: string, ip = '198.51.100.1', ua = 'vitest') {
  return jar.take(
    await postJson('/api/auth/second-factor/totp', { code }, { cookie: jar.header(), 'cf-connecting-ip': ip, 'user-agent': ua }),
  );
}

/**
 * A full sign-in with the authenticator code of `steps` away (0: now), as a browser does it.
 * Throws unless both steps answer 200.
 */
export async function signInWithTotp(email: string, opts: { ip?: string; steps?: number; ua?: string; secret?: string } = {}) {
  const jar = new CookieJar();
  const first = await passwordStep(jar, email, opts);
  if (first.status !== 200) throw new Error(`password step answered ${first.status}`);
  const second = await codeStep(jar, totpCode(opts.steps ?? 0, opts.secret), opts.ip, opts.ua);
  if (second.status !== 200) throw new Error(`code step answered ${second.status}: ${await second.text()}`);
  return jar;
}

/**
 * The trail's entries matching `where`, oldest first, once there are at least `count` of them: the
 * trail is written alongside the response (waitUntil), so a test waits for it.
 */
export async function auditEntries(
  filter: { action?: AuditAction; actorId?: string; targetId?: string; where?: SQL },
  count = 1,
): Promise<AuditRow[]> {
  const where = and(
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
    filter.where,
  );
  return vi.waitFor(
    async () => {
      const rows = await auditDb.select().from(auditLog).where(where).orderBy(asc(auditLog.id));
      if (rows.length < count) throw new Error(`${rows.length} of ${count} audit entries for ${JSON.stringify(filter)}`);
      return rows;
    },
    { timeout: 5_000, interval: 50 },
  );
}
