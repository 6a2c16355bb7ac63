import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { secondFactors } from '../db/schema/second-factors';
import { auditLog } from '../db/schema-audit';
import { addAccount } from '../domains/accounts/manage-accounts';
import { secondFactorVerdict, STEP_UP_MAX_AGE_MS } from '../domains/auth/second-factor/policy';
import { totpCodeAt } from '../domains/auth/second-factor/totp';
import { getConfig } from '../env';
import { STEP_UP_PROCEDURES } from '../access-policy';
import { CookieJar, db, enrolTotp, insertUser, postJson, rpcClient, signedInJar, testEnv, type UserSpec } from '../test/harness';
import {
  auditEntries,
  codeStep,
  confirmedAgo,
  passwordStep,
  sessionIdOf,
  signInWithTotp,
  totpCode,
} from '../test/second-factor-helpers';
import { SoftPasskey } from '../test/soft-passkey';

/** A six-digit code that is none of the window's. */
const wrongCode = () => {
  const taken = new Set([totpCode(-1), totpCode(), totpCode(1), totpCode(2)]);
  return ['000000', '000001', '000002', '000003', '000004'].find((c) => !taken.has(c))!;
};

const unique = (prefix: string) => `${prefix.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}@powers.test`;

/** A 403 and its reason, or the status of anything else. */
async function refusal(call: Promise<unknown>) {
  return call.then(
    () => ({ status: 200, reason: undefined }),
    (e: { status: number; data?: { reason?: string; maxAgeSeconds?: number } }) => ({
      status: e.status,
      reason: e.data?.reason,
      maxAgeSeconds: e.data?.maxAgeSeconds,
    }),
  );
}

/** One call that each power opens (and that answers 200 or a plain 404 when allowed). */
const POWERS: Record<string, { spec: UserSpec; call: (jar: CookieJar) => Promise<unknown> }> = {
  terminal: { spec: { canUseTerminal: true }, call: (jar) => rpcClient(jar).listOrders({}) },
  riskTeam: { spec: { isRiskTeam: true }, call: (jar) => rpcClient(jar).getRiskLimits({}) },
  admin: { spec: { role: 'admin' }, call: (jar) => rpcClient(jar).listUsers({}) },
};
// A terminal-level call proper (listOrders above is an approved read): refused, not narrowed.
const terminalCall = (jar: CookieJar) => rpcClient(jar).cancelOrder({ clientOrderId: 'no-such-order' });

describe('a power needs an enrolled second factor (SECOND_FACTOR_REQUIRED)', () => {
  for (const [power, { spec }] of Object.entries(POWERS)) {
    it(`${power}: signs in with the password alone and enrols, but the power answers 403 secondFactorRequired until then`, async () => {
      const user = await insertUser({ ...spec, email: unique(power), secondFactor: false });
      const jar = new CookieJar();
      const res = await passwordStep(jar, user.email);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ user: { email: user.email } });
      const client = rpcClient(jar);
      const powerCall = power === 'terminal' ? terminalCall : power === 'riskTeam' ? POWERS.riskTeam!.call : POWERS.admin!.call;
      expect(await refusal(powerCall(jar))).toEqual({ status: 403, reason: 'secondFactorRequired', maxAgeSeconds: undefined });
      // Plain approved reads still work.
      await expect(client.getCurrentUser()).resolves.toMatchObject({ email: user.email });
      expect(await client.getSecondFactors()).toMatchObject({ factors: [], required: true, confirmedAt: null });

      const started = await client.startTotpEnrolment({});
      expect(started.uri).toContain(`secret=${started.secret}`);
      const done = await client.confirmTotpEnrolment({ code: totpCodeAt(started.secret, Date.now()), label: 'Phone' });
      expect(done.factor).toMatchObject({ kind: 'totp', label: 'Phone' });
      expect(done.recoveryCodes).toHaveLength(10);
      // The session that enrolled confirmed the factor: the power opens at once.
      const after = await refusal(powerCall(jar));
      expect([200, 404]).toContain(after.status);
      expect(await client.getSecondFactors()).toMatchObject({ recoveryCodesLeft: 10, required: true });
    });
  }

  it('narrows what an unenrolled power would widen: a risk-team user reads only their own orders', async () => {
    const trader = await insertUser({ email: unique('trader') });
    const risk = await insertUser({ isRiskTeam: true, email: unique('risk'), secondFactor: false });
    const jar = await signedInJar(risk);
    expect(await refusal(rpcClient(jar).listOrders({ traderId: trader.id }))).toMatchObject({ status: 403 });
    await enrolTotp(risk.id);
    const confirmed = await signedInJar(risk);
    await expect(rpcClient(confirmed).listOrders({ traderId: trader.id })).resolves.toBeDefined();
  });

  it('asks an enrolled user whose session never confirmed a factor to step up (stepUpRequired)', async () => {
    const admin = await insertUser({ role: 'admin', email: unique('admin') });
    const jar = await signedInJar(admin, { secondFactor: false });
    expect(await refusal(rpcClient(jar).listUsers({}))).toMatchObject({ status: 403, reason: 'stepUpRequired' });
    expect((await codeStep(jar, totpCode())).status).toBe(200);
    await expect(rpcClient(jar).listUsers({})).resolves.toBeDefined();
  });

  it('locks the power again when the last factor is removed, and after an admin resets them', async () => {
    const root = await signedInJar(await insertUser({ role: 'superadmin', email: unique('root') }));
    const risk = await insertUser({ isRiskTeam: true, email: unique('risk') });
    const jar = await signedInJar(risk);
    const [factor] = await db.select().from(secondFactors).where(eq(secondFactors.userId, risk.id));
    await rpcClient(jar).removeSecondFactor({ id: factor!.id });
    expect(await refusal(rpcClient(jar).getRiskLimits({}))).toMatchObject({ status: 403, reason: 'secondFactorRequired' });

    await enrolTotp(risk.id);
    const again = await signedInJar(risk);
    await expect(rpcClient(again).getRiskLimits({})).resolves.toBeDefined();
    expect(await rpcClient(root).resetUserSecondFactors({ userId: risk.id })).toEqual({ removed: 1 });
    // Every session ended; the user signs in with the password alone and has to enrol again.
    await expect(rpcClient(again).getCurrentUser()).rejects.toMatchObject({ status: 401 });
    const fresh = new CookieJar();
    expect(await (await passwordStep(fresh, risk.email)).json()).toMatchObject({ user: { email: risk.email } });
    expect(await refusal(rpcClient(fresh).getRiskLimits({}))).toMatchObject({ status: 403, reason: 'secondFactorRequired' });
    const [entry] = await auditEntries({ action: 'secondFactor.reset', targetId: risk.id });
    expect(entry).toMatchObject({ result: 'done', targetLabel: risk.email, after: { factorsRemoved: 1, sessionsEnded: true } });
  });

  it('is a variable: "false" turns it off, anything else (unset, a typo) keeps it on', () => {
    const required = (value: string | undefined) =>
      getConfig({ ...testEnv, SECOND_FACTOR_REQUIRED: value } as typeof testEnv).SECOND_FACTOR_REQUIRED;
    expect(required(undefined)).toBe(true);
    expect(required('true')).toBe(true);
    expect(required('flase')).toBe(true);
    expect(required('false')).toBe(false);
    expect(required(' FALSE ')).toBe(false);
    expect(required('0')).toBe(false);
    const now = Date.now();
    const unenrolled = { enrolled: false, confirmedAt: null };
    expect(secondFactorVerdict(unenrolled, { power: true, stepUp: false, policy: { required: true }, now })).toBe(
      'secondFactorRequired',
    );
    expect(secondFactorVerdict(unenrolled, { power: true, stepUp: true, policy: { required: false }, now })).toBeNull();
    // Off, an enrolled user still steps up for the riskiest changes.
    const stale = { enrolled: true, confirmedAt: now - STEP_UP_MAX_AGE_MS - 1 };
    expect(secondFactorVerdict(stale, { power: true, stepUp: true, policy: { required: false }, now })).toBe('stepUpRequired');
    expect(secondFactorVerdict(stale, { power: true, stepUp: false, policy: { required: false }, now })).toBeNull();
  });
});

describe('enrolment', () => {
  it('refuses a wrong code (400) and an expired setup (412); the confirming code cannot sign in again', async () => {
    const user = await insertUser({ email: unique('enrol'), secondFactor: false });
    const jar = await signedInJar(user);
    const client = rpcClient(jar);
    await expect(client.confirmTotpEnrolment({ code: '123456', label: 'x' })).rejects.toMatchObject({ status: 412 });
    const { secret } = await client.startTotpEnrolment({});
    const wrong = String((Number(totpCodeAt(secret, Date.now())) + 1) % 1_000_000).padStart(6, '0');
    await expect(client.confirmTotpEnrolment({ code: wrong, label: 'x' })).rejects.toMatchObject({ status: 400 });
    const code = totpCodeAt(secret, Date.now());
    await client.confirmTotpEnrolment({ code, label: 'App' });
    // The confirming code is spent: a sign-in with it is refused.
    const signIn = new CookieJar();
    await passwordStep(signIn, user.email);
    expect((await codeStep(signIn, code)).status).toBe(401);
    expect((await codeStep(signIn, totpCodeAt(secret, Date.now() + 30_000))).status).toBe(200);
    const entries = await auditEntries({ action: 'secondFactor.add', actorId: user.id }, 3);
    expect(entries.map((e) => e.result)).toEqual(['refused', 'refused', 'done']);
    expect(entries[2]).toMatchObject({ after: { kind: 'totp', label: 'App', recoveryCodesIssued: true } });
    expect(entries[1]!.reason).toMatch(/does not match/);
    expect(JSON.stringify(entries)).not.toContain(secret);
  });

  it('adds one factor when the same setup is confirmed three times at once (the others: 409, or 412 once it is gone)', async () => {
    const user = await insertUser({ email: unique('race'), secondFactor: false });
    const client = rpcClient(await signedInJar(user));
    const { secret } = await client.startTotpEnrolment({});
    const code = totpCodeAt(secret, Date.now());
    const outcomes = await Promise.all([1, 2, 3].map((n) => refusal(client.confirmTotpEnrolment({ code, label: `App ${n}` }))));
    const statuses = outcomes.map((o) => o.status).sort();
    expect(statuses[0]).toBe(200);
    for (const status of statuses.slice(1)) expect([409, 412]).toContain(status);
    expect(await db.select().from(secondFactors).where(eq(secondFactors.userId, user.id))).toHaveLength(1);
  });

  it('asks for a step-up before adding another factor, regenerating codes or removing one', async () => {
    const user = await insertUser({ email: unique('more'), secondFactor: false });
    await enrolTotp(user.id);
    const jar = await signInWithTotp(user.email);
    await confirmedAgo(jar, STEP_UP_MAX_AGE_MS + 60_000);
    const client = rpcClient(jar);
    const [factor] = await db.select().from(secondFactors).where(eq(secondFactors.userId, user.id));
    for (const call of [
      () => client.startTotpEnrolment({}),
      () => client.startPasskeyEnrolment({}),
      () => client.regenerateRecoveryCodes({}),
      () => client.removeSecondFactor({ id: factor!.id }),
    ])
      expect(await refusal(call())).toMatchObject({ status: 403, reason: 'stepUpRequired', maxAgeSeconds: 300 });
    expect((await codeStep(jar, totpCode(1))).status).toBe(200);
    const codes = await client.regenerateRecoveryCodes({});
    expect(codes.recoveryCodes).toHaveLength(10);
    const [entry] = await auditEntries({ action: 'recoveryCodes.regenerate', actorId: user.id });
    expect(JSON.stringify(entry)).not.toContain(codes.recoveryCodes[0]!);
  });

  it('expires the pending setup with its session, and keeps at most 10 factors', async () => {
    const user = await insertUser({ email: unique('many'), secondFactor: false });
    for (let i = 0; i < 10; i++) await enrolTotp(user.id, `App ${i}`);
    const jar = await signedInJar(user);
    await expect(rpcClient(jar).startTotpEnrolment({})).rejects.toMatchObject({ status: 409 });
  });
});

describe('step-up on the riskiest changes (a second factor at most 5 minutes old)', () => {
  it('lists the actions the issue names', () => {
    for (const name of ['setTradingKey', 'clearTradingKey', 'setTradingEnabled', 'setRiskLimit', 'updateUser'] as const)
      expect(STEP_UP_PROCEDURES.has(name), name).toBe(true);
  });

  const STEP_UP_CALLS = {
    setTradingKey: async (jar: CookieJar, accountId: string) =>
      rpcClient(jar).setTradingKey({ accountId, apiKey: 'stepUpApiKey0001', apiSecret: 'stepUpApiSecret0001' }),
    clearTradingKey: async (jar: CookieJar, accountId: string) => rpcClient(jar).clearTradingKey({ accountId }),
    setTradingEnabled: async (jar: CookieJar) => rpcClient(jar).setTradingEnabled({ traderId: null, enabled: true }),
    setRiskLimit: async (jar: CookieJar) => rpcClient(jar).setRiskLimit({ traderId: null, kind: 'maxLeverage', value: 20 }),
    updateUser: async (jar: CookieJar, _account: string, targetId: string) =>
      rpcClient(jar).updateUser({ id: targetId, approved: true }),
  };

  for (const [name, call] of Object.entries(STEP_UP_CALLS)) {
    it(`${name}: 403 stepUpRequired after 5 minutes; allowed within them, and again after a step-up`, async () => {
      const actor = await insertUser({ role: 'superadmin', isRiskTeam: true, email: unique(name) });
      const target = await insertUser({ email: unique('target'), approved: false });
      const account = await addAccount(db, { exchange: 'binance', email: unique('keys') });
      const jar = await signInWithTotp(actor.email, { steps: 0 });
      await confirmedAgo(jar, 4 * 60_000);
      expect((await refusal(call(jar, account.id, target.id))).status).toBe(200);
      await confirmedAgo(jar, STEP_UP_MAX_AGE_MS + 1_000);
      expect(await refusal(call(jar, account.id, target.id))).toEqual({
        status: 403,
        reason: 'stepUpRequired',
        maxAgeSeconds: 300,
      });
      // Other powers do not ask: the step-up is for these changes only.
      await expect(rpcClient(jar).listUsers({})).resolves.toBeDefined();
      // A wrong code does not count as a step-up.
      expect((await codeStep(jar, wrongCode())).status).toBe(401);
      expect((await refusal(call(jar, account.id, target.id))).status).toBe(403);
      const stepped = await codeStep(jar, totpCode(1));
      expect(stepped.status).toBe(200);
      expect((await refusal(call(jar, account.id, target.id))).status).toBe(200);
      const [refused] = await auditEntries({
        actorId: actor.id,
        where: and(eq(auditLog.result, 'refused'), like(auditLog.reason, '%stepUpRequired%')),
      });
      expect(refused!.sessionId).toBe(sessionIdOf(jar));
      const stepUps = await auditEntries({ action: 'auth.stepUp', actorId: actor.id }, 2);
      expect(stepUps.map((e) => e.result)).toEqual(['refused', 'done']);
      expect(stepUps[1]).toMatchObject({ sessionId: sessionIdOf(jar), after: { method: 'totp' } });
    });
  }

  it('steps up with a passkey too', async () => {
    const admin = await insertUser({ role: 'admin', email: unique('passkey-admin') });
    const target = await insertUser({ email: unique('passkey-target'), approved: false });
    const jar = await signedInJar(admin);
    const passkey = await SoftPasskey.create();
    const { options } = await rpcClient(jar).startPasskeyEnrolment({});
    await rpcClient(jar).finishPasskeyEnrolment({ response: await passkey.register(options), label: 'Key' });
    await confirmedAgo(jar, STEP_UP_MAX_AGE_MS + 1_000);
    expect((await refusal(rpcClient(jar).updateUser({ id: target.id, approved: true }))).status).toBe(403);
    const opts = jar.take(await postJson('/api/auth/passkey/options', {}, { cookie: jar.header() }));
    const { options: request } = (await opts.json()) as { options: { challenge: string } };
    const verified = await postJson(
      '/api/auth/passkey/verify',
      { response: await passkey.assert(request) },
      { cookie: jar.header() },
    );
    expect(verified.status).toBe(200);
    await expect(rpcClient(jar).updateUser({ id: target.id, approved: true })).resolves.toMatchObject({ approved: true });
  });

  it('keeps a step-up to its own session: another session of the same user still has to step up', async () => {
    const admin = await insertUser({ role: 'admin', email: unique('two-sessions') });
    const target = await insertUser({ email: unique('two-target'), approved: false });
    const a = await signedInJar(admin);
    const b = await signedInJar(admin);
    await confirmedAgo(a, STEP_UP_MAX_AGE_MS + 1_000);
    await confirmedAgo(b, STEP_UP_MAX_AGE_MS + 1_000);
    expect((await codeStep(a, totpCode())).status).toBe(200);
    await expect(rpcClient(a).updateUser({ id: target.id, approved: true })).resolves.toBeDefined();
    expect(await refusal(rpcClient(b).updateUser({ id: target.id, approved: false }))).toMatchObject({
      status: 403,
      reason: 'stepUpRequired',
    });
  });
});
