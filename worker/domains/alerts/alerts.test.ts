import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateAlertRuleInput as AlertRuleInput } from '../../contract/alerts';
import { alertEvents } from '../../db/schema/alerts';
import type { UserRow } from '../../db/schema/users';
import { balanceMetrics } from '../../test/snapshot-builders';
import { db, insertUser, rpcClient, signedInJar } from '../../test/harness';
import { addAccount, setAssignment } from '../accounts/manage-accounts';
import { notifyFiredAlerts } from './notify';
import { evaluateAlerts } from './run-alerts';
import { alertNotifier } from '../../wiring/hubs';

let trader: UserRow;
let stranger: UserRow;
let accountId: string;

const metrics = balanceMetrics;

/** A rule on the test account: toast, the shortest cooldown (60 s), '>' unless given. */
const ruleInput = (rule: Pick<AlertRuleInput, 'metric' | 'threshold'> & Partial<AlertRuleInput>): AlertRuleInput => ({
  accountEmail: 'alerts@sim.meridian',
  operator: '>',
  cooldownSeconds: 60,
  channels: ['toast'],
  enabled: true,
  ...rule,
});

beforeAll(async () => {
  trader = await insertUser({ email: 'alerts@trader.test' });
  stranger = await insertUser({ email: 'alerts@stranger.test' });
  const account = await addAccount(db, { exchange: 'simulated', email: 'alerts@sim.meridian' });
  accountId = account.id;
  await setAssignment(db, { userId: trader.id, accountId, assigned: true });
});

describe('alert rules', () => {
  it('create, list, update and delete a rule on your own account', async () => {
    const client = rpcClient(await signedInJar(trader));
    const rule = await client.createAlertRule(ruleInput({ metric: 'leverage', threshold: 5, cooldownSeconds: 300 }));
    expect(rule).toMatchObject({ accountEmail: 'alerts@sim.meridian', metric: 'leverage', threshold: 5 });
    expect((await client.listAlertRules()).map((r) => r.id)).toContain(rule.id);
    expect(await client.updateAlertRule({ id: rule.id, threshold: 7, enabled: false })).toMatchObject({
      threshold: 7,
      enabled: false,
    });
    await client.deleteAlertRule({ id: rule.id });
    expect(await client.listAlertRules()).toEqual([]);
  });

  it("refuses rules on someone else's account and hides other users' rules", async () => {
    const mine = await rpcClient(await signedInJar(trader)).createAlertRule(
      ruleInput({ metric: 'totalBalance', operator: '<', threshold: 1 }),
    );
    const other = rpcClient(await signedInJar(stranger));
    await expect(other.createAlertRule(ruleInput({ metric: 'leverage', threshold: 1 }))).rejects.toMatchObject({ status: 403 });
    await expect(other.updateAlertRule({ id: mine.id, threshold: 0 })).rejects.toMatchObject({ status: 404 });
    await expect(other.deleteAlertRule({ id: mine.id })).rejects.toMatchObject({ status: 404 });
    expect(await other.listAlertRules()).toEqual([]);
    await rpcClient(await signedInJar(trader)).deleteAlertRule({ id: mine.id });
  });

  it('validates input: at least one channel, finite threshold, known metric', async () => {
    const client = rpcClient(await signedInJar(trader));
    const base = ruleInput({ metric: 'leverage', threshold: 5 });
    await expect(client.createAlertRule({ ...base, channels: [] })).rejects.toMatchObject({ status: 400 });
    await expect(client.createAlertRule({ ...base, metric: 'mood' as never })).rejects.toMatchObject({ status: 400 });
    await expect(client.createAlertRule({ ...base, cooldownSeconds: -1 })).rejects.toMatchObject({ status: 400 });
    await expect(client.createAlertRule({ ...base, cooldownSeconds: 59 })).rejects.toMatchObject({ status: 400 });
  });
});

describe('alert evaluation', () => {
  it('fires when the condition holds, respects the cooldown, records history, and can be acknowledged', async () => {
    const client = rpcClient(await signedInJar(trader));
    const rule = await client.createAlertRule(ruleInput({ metric: 'totalBalance', threshold: 1000, cooldownSeconds: 60 }));
    const t0 = Date.UTC(2026, 10, 21, 12);
    expect(await evaluateAlerts(db, [{ accountId, metrics: metrics(900) }], t0)).toEqual([]);
    const fired = await evaluateAlerts(db, [{ accountId, metrics: metrics(1500) }], t0 + 1000);
    expect(fired).toEqual([
      expect.objectContaining({
        ruleId: rule.id,
        value: 1500,
        message: 'alerts@sim.meridian: Total balance above 1,000 (now 1,500)',
      }),
    ]);
    expect(await evaluateAlerts(db, [{ accountId, metrics: metrics(1600) }], t0 + 30_000)).toEqual([]); // cooldown
    expect(await evaluateAlerts(db, [{ accountId, metrics: metrics(1600) }], t0 + 61_000)).toHaveLength(1);

    const events = await client.listAlertEvents({ limit: 10, unacknowledgedOnly: true });
    expect(events).toHaveLength(2);
    const acked = await client.acknowledgeAlertEvent({ id: events[0]!.id });
    expect(acked.acknowledgedAt).toBeGreaterThan(0);
    expect(await client.listAlertEvents({ limit: 10, unacknowledgedOnly: true })).toHaveLength(1);
    await expect(rpcClient(await signedInJar(stranger)).acknowledgeAlertEvent({ id: events[1]!.id })).rejects.toMatchObject({
      status: 404,
    });
    await client.deleteAlertRule({ id: rule.id });
  });

  it('deleting a rule keeps its history: the events stay, their rule is null', async () => {
    const client = rpcClient(await signedInJar(trader));
    const rule = await client.createAlertRule(ruleInput({ metric: 'totalBalance', threshold: 2000 }));
    const [event] = await evaluateAlerts(db, [{ accountId, metrics: metrics(2500) }], Date.UTC(2026, 10, 21, 14));
    expect(event).toMatchObject({ ruleId: rule.id });
    await client.deleteAlertRule({ id: rule.id });

    const history = await client.listAlertEvents({ limit: 200, unacknowledgedOnly: false });
    expect(history.find((e) => e.id === event!.id)).toMatchObject({
      ruleId: null,
      metric: 'totalBalance',
      operator: '>',
      threshold: 2000,
      value: 2500,
      message: 'alerts@sim.meridian: Total balance above 2,000 (now 2,500)',
    });
    // Still acknowledgeable after its rule is gone.
    expect((await client.acknowledgeAlertEvent({ id: event!.id })).ruleId).toBeNull();
  });

  it('two evaluations racing on the same rule fire it once', async () => {
    const client = rpcClient(await signedInJar(trader));
    const rule = await client.createAlertRule(ruleInput({ metric: 'totalBalance', threshold: 0, cooldownSeconds: 600 }));
    const now = Date.UTC(2026, 10, 21, 13);
    const results = await Promise.all([
      evaluateAlerts(db, [{ accountId, metrics: metrics(5) }], now),
      evaluateAlerts(db, [{ accountId, metrics: metrics(5) }], now + 1),
    ]);
    expect(results.flat()).toHaveLength(1);
    expect(await db.select().from(alertEvents).where(eq(alertEvents.ruleId, rule.id))).toHaveLength(1);
    await client.deleteAlertRule({ id: rule.id });
  });

  it('pushes a fired alert to the owner through streamAlerts', async () => {
    const client = rpcClient(await signedInJar(trader));
    const rule = await client.createAlertRule(ruleInput({ metric: 'leverage', threshold: 0.5 }));
    const stream = await client.streamAlerts();
    const next = stream.next();
    await new Promise((r) => setTimeout(r, 50)); // let the subscription reach the hub
    const fired = await evaluateAlerts(db, [{ accountId, metrics: metrics(10) }], Date.now());
    await notifyFiredAlerts(alertNotifier(env as never), fired);
    const { value } = await next;
    expect(value).toMatchObject({ ruleId: rule.id, accountEmail: 'alerts@sim.meridian', metric: 'leverage' });
    await stream.return(undefined);
  });
});

describe('telegram channel', () => {
  it('queues a fired alert for every enabled alerts chat through the outbox', async () => {
    const { outbox, telegramChats } = await import('../../db/schema/news');
    await db.insert(telegramChats).values([
      {
        id: 'risk-desk',
        chatId: '-2001',
        title: 'Risk desk',
        purpose: 'alerts',
        minImportance: 'low',
        symbols: [],
        createdAt: Date.now(),
      },
      {
        id: 'news-desk',
        chatId: '-2002',
        title: 'News desk',
        purpose: 'news',
        minImportance: 'low',
        symbols: [],
        createdAt: Date.now(),
      },
    ]);
    const client = rpcClient(await signedInJar(trader));
    const rule = await client.createAlertRule(ruleInput({ metric: 'btcPrice', threshold: 1, channels: ['telegram'] }));
    const fired = await evaluateAlerts(db, [{ accountId, metrics: metrics(1) }], Date.now());
    await notifyFiredAlerts(alertNotifier(env as never), fired);
    const queued = await db.select().from(outbox);
    expect(queued.map((q) => q.target)).toEqual(['-2001']);
    expect(queued[0]!.payload).toMatchObject({ title: expect.stringContaining('BTC price above 1') });
    await client.deleteAlertRule({ id: rule.id });
  });
});
