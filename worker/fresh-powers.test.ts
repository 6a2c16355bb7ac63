import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exchangeAccounts } from './db/schema/accounts';
import { alertRules } from './db/schema/alerts';
import { orders, simOrders, tradingHalts } from './db/schema/orders';
import { riskLimits } from './db/schema/risk';
import { users } from './db/schema/users';
import { addAccount, setAssignment } from './domains/accounts/manage-accounts';
import { db, insertUser, rpcClient, signedInJar } from './test/harness';
import { simTrader } from './test/order-traders';
import { deskTrader, tickPriceAt } from './test/sim-desk';
import { venueClientId } from './domains/orders/venue-client-id';

/**
 * As the review reproduced it: a power removed in D1 stops at the caller's next
 * call (domains/auth/fresh-caller.ts), not when the access token expires ≤ 600 s later. Every level
 * and state is walked in access-policy.test.ts; these follow whole scenarios and check that nothing
 * was written.
 */
const status = (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (e: { status: number }) => e.status,
  );
const setUser = (id: string, set: Partial<typeof users.$inferInsert>) => db.update(users).set(set).where(eq(users.id, id));

const order = (accountEmail: string, extra: Record<string, unknown> = {}) => ({
  accountEmail,
  symbol: 'ETH',
  side: 'BUY' as const,
  notional: 100,
  reduceOnly: false,
  clientOrderId: crypto.randomUUID(),
  ...extra,
});
const ordersOf = async (userId: string) => (await db.select().from(orders).where(eq(orders.userId, userId))).length;

/** A signed-in trader whose order went through, and how many orders they have then. */
async function traderWhoPlaced() {
  const { user, account } = await simTrader('freshpowers', { withSnapshot: true });
  const client = rpcClient(await signedInJar(user));
  expect(await status(client.placeOrder(order(account.email)))).toBe(200);
  return { user, account, client, before: await ordersOf(user.id) };
}

let otherTraderId: string;
beforeAll(async () => {
  otherTraderId = (await insertUser({ email: 'other@fresh-powers.test' })).id;
});

describe('terminal powers end at the next call', () => {
  it('can_use_terminal removed: the next placeOrder answers 403 and records nothing', async () => {
    const { user, account, client, before } = await traderWhoPlaced();
    await setUser(user.id, { canUseTerminal: false });
    expect(await status(client.placeOrder(order(account.email)))).toBe(403);
    expect(await status(client.previewOrder(order(account.email)))).toBe(403);
    expect(await ordersOf(user.id)).toBe(before);
  });

  it('user disabled: a reduce-only order answers 401, and so does creating an alert rule', async () => {
    const { user, account, client, before } = await traderWhoPlaced();
    await setUser(user.id, { disabled: true });
    expect(await status(client.placeOrder(order(account.email, { side: 'SELL', reduceOnly: true, notional: undefined })))).toBe(
      401,
    );
    const rule = {
      accountEmail: account.email,
      metric: 'leverage' as const,
      operator: '>' as const,
      threshold: 5,
      cooldownSeconds: 60,
      channels: ['toast' as const],
      enabled: true,
    };
    expect(await status(client.createAlertRule(rule))).toBe(401);
    expect(await ordersOf(user.id)).toBe(before);
    expect(await db.select().from(alertRules).where(eq(alertRules.userId, user.id))).toHaveLength(0);
  });
});

describe('cancels are checked beside their reads, and reach the exchange only after the check', () => {
  it('can_use_terminal removed: cancelOrder and cancelAllOrders answer 403 and the order still rests at the exchange', async () => {
    const t = await deskTrader(`freshcancel${Date.now() % 100_000}`, 'ETHUSDT');
    const placed = await t.client.placeOrder({
      accountEmail: t.account.email,
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'LIMIT',
      price: tickPriceAt('ETHUSDT', 0.98),
      notional: 500,
      reduceOnly: false,
      clientOrderId: crypto.randomUUID(),
    });
    expect(placed.status).toBe('open');
    await setUser(t.user.id, { canUseTerminal: false });
    expect(await status(t.client.cancelOrder({ clientOrderId: placed.clientOrderId }))).toBe(403);
    expect(await status(t.client.cancelAllOrders({ accountEmail: t.account.email }))).toBe(403);
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.status).toBe('open');
    const [sim] = await db
      .select()
      .from(simOrders)
      .where(eq(simOrders.clientOrderId, await venueClientId(t.user.id, placed.clientOrderId)));
    expect(sim!.status).toBe('NEW');
  });
});

describe('risk-team powers end at the next call', () => {
  it('isRiskTeam removed: setTradingEnabled and setRiskLimit answer 403 and change nothing', async () => {
    const risk = await insertUser({ email: 'risk-lost@fresh-powers.test', isRiskTeam: true });
    const client = rpcClient(await signedInJar(risk));
    expect(await status(client.getRiskLimits())).toBe(200);
    await setUser(risk.id, { isRiskTeam: false });
    expect(await status(client.setTradingEnabled({ traderId: null, enabled: false, reason: 'stale token' }))).toBe(403);
    expect(await status(client.setRiskLimit({ traderId: null, kind: 'maxLeverage', value: 1e12 }))).toBe(403);
    expect(await status(client.getRiskLimits())).toBe(403);
    expect(await db.select().from(tradingHalts)).toHaveLength(0);
    expect(await db.select().from(riskLimits).where(eq(riskLimits.kind, 'maxLeverage'))).toHaveLength(0);
  });

  it('risk user disabled after losing the flag: 401 on the risk calls', async () => {
    const risk = await insertUser({ email: 'risk-disabled@fresh-powers.test', isRiskTeam: true });
    const client = rpcClient(await signedInJar(risk));
    await setUser(risk.id, { isRiskTeam: false, disabled: true });
    expect(await status(client.setTradingEnabled({ traderId: null, enabled: false }))).toBe(401);
    expect(await status(client.setRiskLimit({ traderId: null, kind: 'maxLeverage', value: 1e12 }))).toBe(401);
    expect(await status(client.getAllTradersLatestMetrics({}))).toBe(401);
    expect(await db.select().from(tradingHalts)).toHaveLength(0);
  });

  it("reads the flag widened follow D1 too: another trader's orders 403, every account no more", async () => {
    const risk = await insertUser({ email: 'risk-reads@fresh-powers.test', isRiskTeam: true });
    const own = await addAccount(db, { exchange: 'simulated', email: 'risk-own@sim.freshpowers' });
    await setAssignment(db, { userId: risk.id, accountId: own.id, assigned: true });
    const client = rpcClient(await signedInJar(risk));
    expect(await status(client.listOrders({ traderId: otherTraderId }))).toBe(200);
    const all = (await db.select().from(exchangeAccounts)).length;
    expect(await client.getUserAccounts({ scope: 'all' })).toHaveLength(all);
    await setUser(risk.id, { isRiskTeam: false });
    expect(await status(client.listOrders({ traderId: otherTraderId }))).toBe(403);
    expect((await client.getUserAccounts({ scope: 'all' })).map((a) => a.email)).toEqual([own.email]);
  });
});

describe('admin powers end at the next call', () => {
  it('admin demoted: todo, users and mappings calls answer 403', async () => {
    const admin = await insertUser({ email: 'admin-demoted@fresh-powers.test', role: 'admin' });
    const target = await insertUser({ email: 'target@fresh-powers.test', approved: false });
    const client = rpcClient(await signedInJar(admin));
    expect(await status(client.listTodoItems({}))).toBe(200);
    await setUser(admin.id, { role: 'user' });
    expect(await status(client.createTodoItem({ title: 'stale admin' }))).toBe(403);
    expect(await status(client.updateUser({ id: target.id, approved: true }))).toBe(403);
    expect(await status(client.listUsers({}))).toBe(403);
    expect((await db.query.users.findFirst({ where: eq(users.id, target.id) }))!.approved).toBe(false);
  });
});

describe('what a token alone still does (≤ ACCESS_TOKEN_TTL_SECONDS)', () => {
  it("a disabled plain trader's token still reads their own data, and nothing else", async () => {
    const { user, account } = await simTrader('freshpowers', { canUseTerminal: false, withSnapshot: true });
    const client = rpcClient(await signedInJar(user));
    await setUser(user.id, { disabled: true });
    expect(await status(client.getUserAccountStats({ email: account.email }))).toBe(200);
    expect(await status(client.updateDashboardPrefs({ panes: { notional: true }, positionsUpnlMode: 'absolute' }))).toBe(401);
  });
});
