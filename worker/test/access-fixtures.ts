/** The access matrix's callers and sample inputs (access-policy.test.ts): every kind of user, callers whose token outlived a power, and data for the calls to succeed. */
import { eq } from 'drizzle-orm';
import { serverFnContract, type ServerFnName } from '../contract/server-fns';
import { sessions } from '../db/schema/sessions';
import { users, type UserRow } from '../db/schema/users';
import { riskBreaches } from '../db/schema/risk';
import { addAccount, setAssignment } from '../domains/accounts/manage-accounts';
import { evaluateAlerts } from '../domains/alerts/run-alerts';
import { createTodoItem } from '../domains/todo/todo-write';
import { insertUnsentOrder } from './order-traders';
import { refreshSimulatedAccount } from '../domains/orders/orders';
import { startSession } from '../domains/auth/sessions';
import { totpCodeAt } from '../domains/auth/second-factor/totp';
import { SoftPasskey } from './soft-passkey';
import {
  USER_KINDS,
  db,
  enrolTotp,
  fetchApp,
  insertUser,
  rpcClient,
  signedInJar,
  type CookieJar,
  type UserKind,
  type UserSpec,
} from './harness';

import { asyncInputs, jars, sampleInputs } from './access-inputs';
import { setUpNewsSettingsInputs } from './access-news-inputs';
import { setUpProtectionInputs } from './access-order-inputs';

export { asyncInputs, jars, sampleInputs };

/**
 * Callers whose token still grants a level that D1 no longer does: every call but a plain approved
 * read confirms the caller and the session in D1 (domains/auth/fresh-caller.ts), so they are refused
 * at the next call, not when the token expires. Per level: what the caller held, and how it is lost.
 */
export const STALE_LEVELS = {
  terminal: { spec: { canUseTerminal: true }, lose: { canUseTerminal: false } },
  riskTeam: { spec: { isRiskTeam: true }, lose: { isRiskTeam: false } },
  admin: { spec: { role: 'admin' }, lose: { role: 'user' } },
  // Approved-level writes: there is no power to lose, only the approval, the account or the session.
  approved: { spec: {}, lose: undefined },
} as const satisfies Record<string, { spec: UserSpec; lose: Partial<UserRow> | undefined }>;
export type StaleLevel = keyof typeof STALE_LEVELS;

export const STALE_STATES = {
  lostPower: { status: 403, apply: (id: string, lose: Partial<UserRow>) => db.update(users).set(lose).where(eq(users.id, id)) },
  unapproved: { status: 403, apply: (id: string) => db.update(users).set({ approved: false }).where(eq(users.id, id)) },
  disabled: { status: 401, apply: (id: string) => db.update(users).set({ disabled: true }).where(eq(users.id, id)) },
  signedOut: {
    status: 401,
    apply: (id: string) =>
      db.update(sessions).set({ revokedAt: Date.now(), revokedReason: 'sign-out' }).where(eq(sessions.userId, id)),
  },
} as const;
export type StaleState = keyof typeof STALE_STATES;
export const staleJars = {} as Record<StaleLevel, Partial<Record<StaleState, CookieJar>>>;

/** Creates every kind of caller, the stale ones, and the data the sample inputs name; call in beforeAll. */
export async function setUpAccessFixtures() {
  for (const [kind, spec] of Object.entries(USER_KINDS) as [UserKind, (typeof USER_KINDS)[UserKind]][]) {
    // Every caller has an authenticator app their session confirmed just now (the powers need one;
    // the step-up procedures ask every enrolled user for a recent one).
    jars[kind] = spec
      ? await signedInJar(await insertUser({ ...spec, email: `${kind.toLowerCase()}@matrix.test`, secondFactor: true }))
      : undefined;
  }
  for (const [level, { spec, lose }] of Object.entries(STALE_LEVELS) as [StaleLevel, (typeof STALE_LEVELS)[StaleLevel]][]) {
    staleJars[level] = {};
    for (const [state, { apply }] of Object.entries(STALE_STATES) as [
      StaleState,
      { apply: (id: string, lose: Partial<UserRow>) => Promise<unknown> },
    ][]) {
      if (state === 'lostPower' && !lose) continue;
      const stale = await insertUser({ ...spec, email: `${state}-${level.toLowerCase()}@matrix.test` });
      staleJars[level][state] = await signedInJar(stale);
      await apply(stale.id, lose ?? {});
    }
  }
  const target = await insertUser({ email: 'target@matrix.test', approved: false });
  sampleInputs.updateUser = () => ({ id: target.id, isRiskTeam: false });

  // One account assigned to every matrix user, so "allowed" means the call really succeeds.
  const account = await addAccount(db, { exchange: 'simulated', email: 'matrix@sim.meridian' });
  for (const u of await db.select().from(users)) await setAssignment(db, { userId: u.id, accountId: account.id, assigned: true });
  const now = Date.now();
  sampleInputs.getUserAccountStats = () => ({ email: account.email });
  sampleInputs.streamAccount = () => ({ email: account.email });
  sampleInputs.getAccountHistory = () => ({ email: account.email, from: now - 86_400_000, to: now });
  sampleInputs.updateDashboardPrefs = () => ({ panes: { notional: true }, positionsUpnlMode: 'absolute' });
  sampleInputs.syncExchangeAccounts = () => ({ exchange: 'simulated' });
  sampleInputs.addExchangeAccount = () => ({ exchange: 'simulated', email: `${crypto.randomUUID().slice(0, 8)}@sim.meridian` });
  sampleInputs.setAccountAssignment = () => ({ userId: target.id, accountId: account.id, assigned: true });
  const rule = {
    accountEmail: account.email,
    metric: 'leverage',
    operator: '>',
    threshold: 99,
    cooldownSeconds: 60,
    channels: ['toast'],
    enabled: true,
  };
  sampleInputs.createAlertRule = () => rule;
  sampleInputs.postManualNews = () => ({ title: `Matrix headline ${crypto.randomUUID()}`, isTest: true });
  await setUpNewsSettingsInputs();
  const todo = () => createTodoItem(db, target.id, { title: 'Matrix todo' }, async () => {});
  const [todoToEdit, todoToDelete] = await Promise.all([todo(), todo()]);
  sampleInputs.createTodoItem = () => ({ title: 'Matrix todo', priority: 'high' });
  sampleInputs.updateTodoItem = () => ({ id: todoToEdit.id, version: todoToEdit.version, title: 'Matrix todo, edited' });
  sampleInputs.deleteTodoItem = () => ({ id: todoToDelete.id });

  // Risk team: every matrix user holds the shared account, so any of them is a trader.
  const riskBreach = crypto.randomUUID();
  await db.insert(riskBreaches).values({
    id: riskBreach,
    traderId: target.id,
    kind: 'maxLeverage',
    scopeKey: `trader:${target.id}`,
    symbol: null,
    limitValue: 1,
    openedValue: 2,
    lastValue: 2,
    worstValue: 2,
    openedAt: now,
    updatedAt: now,
  });
  sampleInputs.getAllTradersLatestMetrics = () => ({});
  sampleInputs.fetchAllTraderStats = () => ({});
  sampleInputs.getRiskTrader = () => ({ traderId: target.id, from: now - 86_400_000, to: now });
  sampleInputs.getFirmHistory = () => ({ from: now - 86_400_000, to: now });
  sampleInputs.getRiskExposure = () => ({ altBeta: 1.2 });
  sampleInputs.setRiskLimit = () => ({ traderId: null, kind: 'maxLeverage', value: 25 });
  sampleInputs.listRiskBreaches = () => ({ status: 'open' });
  sampleInputs.acknowledgeRiskBreach = () => ({ id: riskBreach, note: 'matrix' });

  sampleInputs.streamPrices = () => ({ symbols: ['BTC', 'ETH'] });
  sampleInputs.getPriceCandles = () => ({ symbol: 'BTC', minutes: 30 });
  sampleInputs.getNewsSince = () => ({ afterId: 0 });

  // Order entry: each allowed caller trades an account of their own, freshly snapshotted.
  const ownAccount = async (kind: UserKind) => {
    const user = (await db.query.users.findFirst({ where: eq(users.email, `${kind.toLowerCase()}@matrix.test`) }))!;
    const acct = await addAccount(db, { exchange: 'simulated', email: `${kind.toLowerCase()}-orders@sim.meridian` }).catch(
      async () =>
        (await db.query.exchangeAccounts.findFirst({
          where: (a, { eq: e }) => e(a.email, `${kind.toLowerCase()}-orders@sim.meridian`),
        }))!,
    );
    await setAssignment(db, { userId: user.id, accountId: acct.id, assigned: true });
    await refreshSimulatedAccount(db, acct);
    return { user, acct };
  };
  const orderInput = { symbol: 'ETH', side: 'BUY', notional: 100, reduceOnly: false };
  sampleInputs.placeOrder = () => ({ ...orderInput, accountEmail: 'matrix@sim.meridian', clientOrderId: crypto.randomUUID() });
  sampleInputs.previewOrder = () => ({ ...orderInput, accountEmail: 'matrix@sim.meridian' });
  sampleInputs.cancelOrder = () => ({ clientOrderId: 'someone-elses' });
  asyncInputs.placeOrder = async (kind) => ({
    ...orderInput,
    accountEmail: (await ownAccount(kind)).acct.email,
    clientOrderId: crypto.randomUUID(),
  });
  asyncInputs.previewOrder = async (kind) => ({ ...orderInput, accountEmail: (await ownAccount(kind)).acct.email });
  asyncInputs.cancelOrder = async (kind) => {
    // An order whose outcome is unknown and which the (simulated) exchange never got: cancelable.
    const { user, acct } = await ownAccount(kind);
    return { clientOrderId: await insertUnsentOrder(user.id, acct) };
  };
  sampleInputs.listOrders = () => ({});
  sampleInputs.listOpenOrders = () => ({});
  sampleInputs.getPerformance =
    sampleInputs.listFills =
    sampleInputs.getFirmPerformance =
      () => ({ from: Date.now() - 30 * 86_400_000, to: Date.now() });
  setUpProtectionInputs(ownAccount, orderInput);
  sampleInputs.cancelAllOrders = () => ({ accountEmail: 'matrix@sim.meridian' });
  asyncInputs.cancelAllOrders = async (kind) => ({ accountEmail: (await ownAccount(kind)).acct.email, symbol: 'ETH' });
  sampleInputs.getTradingSwitches = () => ({});
  sampleInputs.setTradingEnabled = () => ({ traderId: null, enabled: true });
  const keyed = await addAccount(db, { exchange: 'binance', email: 'matrix-keys@binance.meridian' });
  sampleInputs.setTradingKey = () => ({ accountId: keyed.id, apiKey: 'matrixApiKey0001', apiSecret: 'matrixApiSecret0001' });
  sampleInputs.clearTradingKey = () => ({ accountId: keyed.id });
  // Each caller's own orders (someone else's: worker/rpc/order-stream.test.ts).
  sampleInputs.streamOrders = () => ({});

  // Second factors and sessions: each caller acts on their own, set up on the spot.
  const matrixUser = async (kind: UserKind) =>
    (await db.query.users.findFirst({ where: eq(users.email, `${kind.toLowerCase()}@matrix.test`) }))!;
  sampleInputs.confirmTotpEnrolment = () => ({ code: '123456', label: 'Matrix app' });
  asyncInputs.confirmTotpEnrolment = async (kind) => {
    const { secret } = await rpcClient(jars[kind]).startTotpEnrolment({});
    return { code: totpCodeAt(secret, Date.now()), label: 'Matrix app' };
  };
  sampleInputs.finishPasskeyEnrolment = () => ({
    response: {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
    },
    label: 'Matrix key',
  });
  asyncInputs.finishPasskeyEnrolment = async (kind) => {
    const { options } = await rpcClient(jars[kind]).startPasskeyEnrolment({});
    return { response: await (await SoftPasskey.create()).register(options), label: 'Matrix key' };
  };
  // A factor of the caller's own to remove (never the one their session confirmed).
  asyncInputs.removeSecondFactor = async (kind) => ({ id: await enrolTotp((await matrixUser(kind)).id, 'Spare') });
  // Another session of the caller's own to end.
  asyncInputs.endSession = async (kind) => ({ id: (await startSession(db, (await matrixUser(kind)).id, 1)).sessionId });
  sampleInputs.endUserSessions = () => ({ userId: target.id });
  sampleInputs.resetUserSecondFactors = () => ({ userId: target.id });
  sampleInputs.listAuditLog = () => ({ filters: { action: 'user.update' }, limit: 10 });
  sampleInputs.exportAuditLog = () => ({ filters: { action: 'user.update' } });
  sampleInputs.listTradingAudit = () => ({ traderId: target.id });
  // Watchlists are each caller's own: a list to save, and one of the caller's own to delete.
  const watchlist = {
    name: 'Matrix',
    color: 'amber',
    sound: 'none',
    notify: 'none',
    entries: [{ kind: 'symbol', value: 'SOL' }],
  };
  sampleInputs.saveWatchlist = () => watchlist;
  asyncInputs.deleteWatchlist = async (kind) => ({
    id: ((await rpcClient(jars[kind]).saveWatchlist(watchlist as never)) as { id: string }).id,
  });

  // Push devices are each caller's own: a subscription (RFC 8291's example keys) to keep, and one of
  // the caller's own to test or remove. The test push goes nowhere (vitest.config.ts WEB_PUSH_BASE_URL).
  const pushSubscription = (kind: UserKind) => ({
    endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${kind}`,
    keys: {
      p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
      auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    },
  });
  sampleInputs.subscribePushDevice = () => pushSubscription('approved');
  asyncInputs.subscribePushDevice = async (kind) => pushSubscription(kind);
  const ownDevice = async (kind: UserKind) => ({
    id: ((await rpcClient(jars[kind]).subscribePushDevice(pushSubscription(kind))) as { id: string }).id,
  });
  asyncInputs.removePushDevice = ownDevice;
  asyncInputs.sendTestPush = ownDevice;
  sampleInputs.savePushPreferences = () => ({
    kinds: ['alerts', 'watchlist'],
    quietFrom: 22 * 60,
    quietTo: 7 * 60,
    timeZone: 'Europe/Berlin',
  });

  // Each caller edits a rule of their own (rules are private), created on the spot.
  const ownRuleId = async (kind: UserKind) => ((await rpcClient(jars[kind]).createAlertRule(rule as never)) as { id: string }).id;
  asyncInputs.updateAlertRule = async (kind) => ({ id: await ownRuleId(kind), threshold: 100 });
  asyncInputs.deleteAlertRule = async (kind) => ({ id: await ownRuleId(kind) });
  asyncInputs.acknowledgeAlertEvent = async (kind) => {
    const id = await ownRuleId(kind);
    const fired = await evaluateAlerts(db, [
      {
        accountId: account.id,
        metrics: {
          totalBalance: 1,
          futuresBalance: 1,
          spotBalance: 0,
          futuresUpnl: 0,
          totalUpnl: 0,
          notional: 500,
          leverage: 500,
          btcPrice: 1,
          positions: 1,
        },
      },
    ]);
    return { id: fired.find((f) => f.ruleId === id)!.id };
  };
}

/** A server function called with its sample input, as the web client sends it. */
export function callServerFn(name: ServerFnName, cookie: string) {
  const url = `/_serverFn/${name}?createServerFn`;
  if (serverFnContract[name].method === 'GET') return fetchApp(url, { headers: { cookie } });
  return fetchApp(url, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ data: sampleInputs[name]?.(), context: {} }),
  });
}
