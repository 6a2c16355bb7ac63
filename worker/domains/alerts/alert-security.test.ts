import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ALERT_RULES_PER_USER, type CreateAlertRuleInput } from '../../contract/alerts';
import { alertEvents, alertRules } from '../../db/schema/alerts';
import { users, type UserRow } from '../../db/schema/users';
import { balanceMetrics } from '../../test/snapshot-builders';
import { db, insertUser, rpcClient, signedInJar } from '../../test/harness';
import { addAccount, setAssignment } from '../accounts/manage-accounts';
import { evaluateAlerts, MAX_FIRINGS_PER_RULE_PER_HOUR } from './run-alerts';

const metrics = balanceMetrics;

let admin: UserRow;
let accountSeq = 0;

/** A fresh simulated account assigned to a fresh trader (each test its own, so rules do not mix). */
async function traderWithAccount(spec: Parameters<typeof insertUser>[0] = {}) {
  const trader = await insertUser(spec);
  const account = await addAccount(db, { exchange: 'simulated', email: `sec-${++accountSeq}@sim.meridian` });
  await setAssignment(db, { userId: trader.id, accountId: account.id, assigned: true });
  const client = rpcClient(await signedInJar(trader));
  const input = (over: Partial<CreateAlertRuleInput> = {}): CreateAlertRuleInput => ({
    accountEmail: account.email,
    metric: 'totalBalance',
    operator: '>',
    threshold: 100,
    cooldownSeconds: 60,
    channels: ['toast'],
    enabled: true,
    ...over,
  });
  return { trader, account, client, input };
}

const eventsOf = (ruleId: string) => db.select().from(alertEvents).where(eq(alertEvents.ruleId, ruleId));

beforeAll(async () => {
  admin = await insertUser({ role: 'admin' });
});

describe('alert flooding (security point 5)', () => {
  it('refuses a cooldown under 60 seconds on create and update', async () => {
    const { client, input } = await traderWithAccount();
    for (const cooldownSeconds of [0, 1, 59]) {
      await expect(client.createAlertRule(input({ cooldownSeconds }))).rejects.toMatchObject({
        status: 400,
        code: 'BAD_REQUEST',
      });
    }
    const rule = await client.createAlertRule(input());
    await expect(client.updateAlertRule({ id: rule.id, cooldownSeconds: 0 })).rejects.toMatchObject({ status: 400 });
  });

  it(`caps rules at ${MAX_ALERT_RULES_PER_USER} per user, also against parallel creates`, async () => {
    const { client, input } = await traderWithAccount();
    for (let i = 0; i < MAX_ALERT_RULES_PER_USER - 5; i++) await client.createAlertRule(input({ threshold: i }));
    const burst = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => client.createAlertRule(input({ threshold: 1000 + i }))),
    );
    expect(burst.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = burst.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 422, code: 'UNPROCESSABLE_CONTENT' });
    expect(await client.listAlertRules()).toHaveLength(MAX_ALERT_RULES_PER_USER);
  }, 60_000);

  it(`fires one rule at most ${MAX_FIRINGS_PER_RULE_PER_HOUR} times an hour, and a legacy 0 s cooldown counts as 60 s`, async () => {
    const { account, client, input } = await traderWithAccount();
    const rule = await client.createAlertRule(input({ threshold: 0 }));
    // A rule stored before the minimum existed.
    await db.update(alertRules).set({ cooldownSeconds: 0 }).where(eq(alertRules.id, rule.id));
    const t0 = Date.UTC(2026, 10, 24, 8);
    let fired = 0;
    for (let s = 0; s < 3600; s += 30)
      fired += (await evaluateAlerts(db, [{ accountId: account.id, metrics: metrics(5) }], t0 + s * 1000)).length;
    expect(fired).toBe(MAX_FIRINGS_PER_RULE_PER_HOUR);
    // The next hour opens again.
    expect(await evaluateAlerts(db, [{ accountId: account.id, metrics: metrics(5) }], t0 + 3_700_000)).toHaveLength(1);
    const firedAt = (await eventsOf(rule.id)).map((e) => e.firedAt).sort((a, b) => a - b);
    for (let i = 1; i < firedAt.length; i++) expect(firedAt[i]! - firedAt[i - 1]!).toBeGreaterThanOrEqual(60_000);
  }, 60_000);
});

describe('alert rules follow account access (security point 2)', () => {
  it('unassignment disables the rule; listing hides the value; editing is refused; evaluation skips it', async () => {
    const { trader, account, client, input } = await traderWithAccount();
    const rule = await client.createAlertRule(input({ threshold: 0 }));
    const t0 = Date.UTC(2026, 10, 24, 10);
    expect(await evaluateAlerts(db, [{ accountId: account.id, metrics: metrics(1234) }], t0)).toHaveLength(1);
    expect((await client.listAlertRules())[0]).toMatchObject({ lastValue: 1234, enabled: true });

    await rpcClient(await signedInJar(admin)).setAccountAssignment({ userId: trader.id, accountId: account.id, assigned: false });
    const stored = await db.query.alertRules.findFirst({ where: eq(alertRules.id, rule.id) });
    expect(stored?.enabled).toBe(false);
    expect((await client.listAlertRules())[0]).toMatchObject({ id: rule.id, lastValue: null, enabled: false });
    await expect(client.updateAlertRule({ id: rule.id, enabled: true })).rejects.toMatchObject({ status: 403 });
    // Even a rule left enabled (by any path) is not evaluated for an owner who cannot see the account.
    await db.update(alertRules).set({ enabled: true }).where(eq(alertRules.id, rule.id));
    expect(await evaluateAlerts(db, [{ accountId: account.id, metrics: metrics(999) }], t0 + 3_600_000)).toEqual([]);
    expect((await client.listAlertRules())[0]).toMatchObject({ lastValue: null, enabled: false });
    // The owner may still delete it.
    expect(await client.deleteAlertRule({ id: rule.id })).toEqual({ id: rule.id });
  });

  it('a disabled owner, or one who lost the risk team, has no rules evaluated', async () => {
    const { trader, account, client, input } = await traderWithAccount();
    await client.createAlertRule(input({ threshold: 0 }));
    await db.update(users).set({ disabled: true }).where(eq(users.id, trader.id));
    const t0 = Date.UTC(2026, 10, 24, 12);
    expect(await evaluateAlerts(db, [{ accountId: account.id, metrics: metrics(5) }], t0)).toEqual([]);

    // A risk-team member watches an account that is not assigned to them, then leaves the team.
    const risk = await insertUser({ isRiskTeam: true });
    const riskRule = await rpcClient(await signedInJar(risk)).createAlertRule(input({ threshold: 0 }));
    expect(await evaluateAlerts(db, [{ accountId: account.id, metrics: metrics(5) }], t0 + 1000)).toEqual([
      expect.objectContaining({ ruleId: riskRule.id }),
    ]);
    await db.update(users).set({ isRiskTeam: false }).where(eq(users.id, risk.id));
    expect(await evaluateAlerts(db, [{ accountId: account.id, metrics: metrics(5) }], t0 + 3_600_000)).toEqual([]);
  });

  it('unassigning keeps the rules of a user who still sees the account as admin', async () => {
    const other = await insertUser({ role: 'admin' });
    const { account, input } = await traderWithAccount();
    await setAssignment(db, { userId: other.id, accountId: account.id, assigned: true });
    const rule = await rpcClient(await signedInJar(other)).createAlertRule(input());
    await setAssignment(db, { userId: other.id, accountId: account.id, assigned: false });
    expect((await db.query.alertRules.findFirst({ where: eq(alertRules.id, rule.id) }))?.enabled).toBe(true);
  });
});
