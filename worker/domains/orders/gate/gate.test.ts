import { runInDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderSide } from '../../../contract/enums';
import { accountLatest } from '../../../db/schema/accounts';
import { orders, simOrders, tradingHalts } from '../../../db/schema/orders';
import { riskLimits } from '../../../db/schema/risk';
import { RiskGate } from '../../../durable-objects/risk-gate';
import { snapshotAt } from '../../../exchanges/simulated/accounts';
import type { Position } from '../../../exchanges/types';
import { db, insertUser, rpcClient, signedInJar, testEnv } from '../../../test/harness';
import { addAccount, setAssignment } from '../../accounts/manage-accounts';
import { loadDesk } from '../../risk/desk';
import { firmNet, leverageOf, rangesOf, traderExposure } from '../../risk/exposure-model';
import { evaluateRiskLimits } from '../../risk/evaluate';
import { allTradersLatest } from '../../risk/latest';
import { writeSnapshotRun } from '../../accounts/snapshot-store';
import { position, record } from '../../../test/snapshot-builders';
import { setLimit } from '../../risk/limit-store';
import { setTradingEnabled, tradingSwitches } from '../halts';
import { refreshSimulatedAccount } from '../orders';
import { SimulatedVenue } from '../../../exchanges/simulated/venue';
import { venueClientId } from '../venue-client-id';

/**
 * The gate under real parallel requests: every order goes through the Worker (RPC), its D1 batch,
 * the trader's and the firm's RiskGate Durable Objects and the simulated exchange, all at once.
 */

let n = 0;
const TAG = `gate${Date.now() % 100_000}`;

/** An account email whose simulated book holds nothing in `symbol` now (so the room is known). */
function flatEmail(symbol: string) {
  for (;;) {
    const email = `a${++n}@sim-${TAG}.test`;
    if (!snapshotAt(email, Date.now()).positions.some((p) => p.symbol === symbol)) return email;
  }
}

async function trader(opts: { accounts?: number; flatIn?: string } = {}) {
  const user = await insertUser({ email: `u${++n}@${TAG}.test`, name: `Gate trader ${n}`, canUseTerminal: true });
  const accounts = [];
  for (let i = 0; i < (opts.accounts ?? 1); i++) {
    const account = await addAccount(db, {
      exchange: 'simulated',
      email: opts.flatIn ? flatEmail(opts.flatIn) : `a${++n}@sim-${TAG}.test`,
    });
    await setAssignment(db, { userId: user.id, accountId: account.id, assigned: true });
    await refreshSimulatedAccount(db, account);
    accounts.push(account);
  }
  return { user, accounts, client: rpcClient(await signedInJar(user)) };
}

const order = (accountEmail: string, symbol: string, side: OrderSide, extra: object = {}) => ({
  accountEmail,
  symbol,
  side,
  reduceOnly: false,
  clientOrderId: crypto.randomUUID(),
  ...extra,
});

/** The trader's exposure now, as the one model computes it from their accounts' latest snapshots. */
async function exposureOf(accountIds: string[]) {
  const rows = await Promise.all(
    accountIds.map((id) => db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, id) })),
  );
  const equity = rows.reduce((a, r) => a + (r!.metrics as { futuresBalance: number }).futuresBalance, 0);
  return traderExposure(
    equity,
    rows.flatMap((r) => rangesOf(r!.accountId, r!.positions as Position[])),
  );
}

const outcomes = (results: PromiseSettledResult<{ status: string }>[]) => ({
  filled: results.filter((r) => r.status === 'fulfilled' && r.value.status === 'filled').length,
  refused: results.filter((r) => r.status === 'rejected' && (r.reason as { status: number }).status === 412).length,
  other: results.filter(
    (r) =>
      !(r.status === 'fulfilled' && r.value.status === 'filled') &&
      !(r.status === 'rejected' && (r.reason as { status: number }).status === 412),
  ),
});

beforeEach(async () => {
  await db.delete(riskLimits);
  await db.delete(tradingHalts);
});

describe('the pre-trade gate under parallel orders', () => {
  it('50 orders at once for one trader over two accounts: no more accepted than the leverage limit has room for', async () => {
    const symbol = 'XRPUSDT';
    const t = await trader({ accounts: 2, flatIn: symbol });
    const before = await exposureOf(t.accounts.map((a) => a.id));
    const X = Math.max(200, Math.round(before.equity / 40));
    // Room for 10 orders of X and half of an eleventh.
    const limit = (before.gross + 10.5 * X) / before.equity;
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxLeverage', value: limit });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => t.client.placeOrder(order(t.accounts[i % 2]!.email, symbol, 'BUY', { notional: X }))),
    );
    const o = outcomes(results);
    expect(o.other).toEqual([]);
    expect(o.filled).toBeLessThanOrEqual(10);
    expect(o.filled).toBeGreaterThanOrEqual(9); // the market drifts a little while they run
    expect(o.refused).toBe(50 - o.filled);
    for (const a of t.accounts) await refreshSimulatedAccount(db, a);
    const after = await exposureOf(t.accounts.map((a) => a.id));
    expect(leverageOf(after)).toBeLessThanOrEqual(limit * 1.002);
    // Every order is in the list: the refused ones with their reason, nothing lost.
    const listed = await t.client.listOrders({ limit: 100 });
    expect(listed).toHaveLength(50);
    expect(listed.filter((r) => r.status === 'refused').every((r) => r.riskCheck.limit === 'maxLeverage')).toBe(true);
  });

  it('50 orders at once from 10 traders: the firm net exposure limit holds across them', async () => {
    const symbol = 'DOGEUSDT';
    const traders = await Promise.all(Array.from({ length: 10 }, () => trader({ flatIn: symbol })));
    const desk = await loadDesk(db);
    const net = firmNet([...desk.accounts.values()].flatMap((a) => rangesOf(a.id, a.positions)))[symbol] ?? { lo: 0, hi: 0 };
    const start = net.lo;
    const side: OrderSide = start >= 0 ? 'BUY' : 'SELL';
    const X = 500;
    await setLimit(db, traders[0]!.user.id, { traderId: null, kind: 'maxSymbolNetExposure', value: Math.abs(start) + 12.5 * X });
    const results = await Promise.allSettled(
      traders.flatMap((t) =>
        Array.from({ length: 5 }, () => t.client.placeOrder(order(t.accounts[0]!.email, symbol, side, { notional: X }))),
      ),
    );
    const o = outcomes(results);
    expect(o.other).toEqual([]);
    expect(o.filled).toBeLessThanOrEqual(12);
    expect(o.filled).toBeGreaterThanOrEqual(11);
    const refused = (await db.select().from(orders).where(eq(orders.symbol, symbol))).filter((r) => r.status === 'refused');
    expect(refused.every((r) => r.riskCheck.limit === 'maxSymbolNetExposure')).toBe(true);
  });

  it('20 reduce-only closes at once while trading is off: the position is closed once, never flipped', async () => {
    const t = await trader();
    const held = (await db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, t.accounts[0]!.id) }))!
      .positions as Position[];
    const p = held[0]!;
    const closing: OrderSide = p.side === 'LONG' ? 'SELL' : 'BUY';
    await setTradingEnabled(db, t.user.id, { traderId: t.user.id, enabled: false, reason: 'test' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => t.client.placeOrder(order(t.accounts[0]!.email, p.symbol, closing, { reduceOnly: true }))),
    );
    const filled = results.filter((r) => r.status === 'fulfilled');
    expect(filled).toHaveLength(1);
    // The rest see the close in flight, then nothing (or only dust under one step) left to close.
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        status: 400,
        message: expect.stringMatching(/position to close|already in flight|minimum/),
      });
    await refreshSimulatedAccount(db, t.accounts[0]!);
    const after = (await db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, t.accounts[0]!.id) }))!
      .positions as Position[];
    const left = after.find((x) => x.symbol === p.symbol);
    // Never flipped: at most the simulated book's dust below one step, on the same side.
    if (left) {
      expect(left.side).toBe(p.side);
      expect(left.size).toBeLessThan(0.01 * p.size + 0.01);
    }
    // A new position is refused while trading is off.
    await expect(t.client.placeOrder(order(t.accounts[0]!.email, p.symbol, closing, { notional: 500 }))).rejects.toMatchObject({
      status: 412,
      data: { limit: 'tradingOff' },
    });
  });

  it('the simulated exchange itself caps parallel reduce-only closes at the position (as Binance does), gate or not', async () => {
    const t = await trader();
    const held = (await db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, t.accounts[0]!.id) }))!
      .positions as Position[];
    const p = held[0]!;
    const venue = new SimulatedVenue(db, t.accounts[0]!.email);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        venue.placeMarketOrder({
          symbol: p.symbol,
          side: p.side === 'LONG' ? 'SELL' : 'BUY',
          quantity: p.size,
          reduceOnly: true,
          clientOrderId: `direct-${i}`,
        }),
      ),
    );
    const filled = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<{ executedQty: number }>).value);
    expect(filled.reduce((a, f) => a + f.executedQty, 0)).toBeCloseTo(p.size, 9);
    await refreshSimulatedAccount(db, t.accounts[0]!);
    const after = (await db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, t.accounts[0]!.id) }))!
      .positions as Position[];
    expect(after.find((x) => x.symbol === p.symbol)).toBeUndefined();
  });

  it('a gate restarted from its storage still counts the orders in flight', async () => {
    const stub = testEnv.RISK_GATE.getByName(`trader:restart-${TAG}`);
    const read = {
      accounts: [{ accountId: 'acc', ts: Date.now(), equity: 10_000, positions: [] }],
      limits: { maxLeverage: 1 },
      readAt: Date.now(),
    };
    const ask = (orderId: string) => ({
      orderId,
      accountId: 'acc',
      symbol: 'BTCUSDT',
      side: 'BUY' as const,
      quantity: 0.06,
      reduceOnly: false,
      mark: 100_000,
      stepSize: 0.001,
      minQty: 0.001,
      leverageSetting: 10,
    });
    expect((await stub.reserve(read, ask('o1'))).ok).toBe(true);
    const restarted = await runInDurableObject(stub, (_gate: RiskGate, state) => new RiskGate(state, testEnv).items());
    expect(restarted.map((i) => i.orderId)).toEqual(['o1']);
    // 0.06 BTC in flight: another 0.06 would take leverage to 1.2× against 1×.
    const second = await runInDurableObject(stub, (_gate: RiskGate, state) =>
      new RiskGate(state, testEnv).reserve(read, ask('o2')),
    );
    expect(second).toMatchObject({ ok: false, refusal: { kind: 'limit', violation: { kind: 'maxLeverage' } } });
  });
});

describe('one exposure model for the overview, breaches, previewOrder and placeOrder', () => {
  it('a long on one account and a short on another both count: an order that adds exposure is refused past the limit', async () => {
    const t = await trader({ accounts: 2 });
    const write = (accountId: string, positions: Position[], equity: number) =>
      writeSnapshotRun(db, [record(accountId, Date.now(), equity, positions)], []);
    // Long 6,700 SOL-notional on one account, short 6,700 on the other: net 0, gross 13,400 on 10,000 equity.
    await write(t.accounts[0]!.id, [position('SOLUSDT', 'LONG', 6_700)], 5_000);
    await write(t.accounts[1]!.id, [position('SOLUSDT', 'SHORT', 6_700)], 5_000);
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxLeverage', value: 1 });
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxPositionNotional', value: 20_000 });

    // The overview and the breach detection see 1.34× (gross), not 0× (net).
    await evaluateRiskLimits(db);
    const row = (await allTradersLatest(db)).traders.find((r) => r.traderId === t.user.id)!;
    expect(row.leverage).toBeCloseTo(1.34, 6);
    expect(row.breaches.map((b) => [b.kind, b.value])).toContainEqual(['maxLeverage', expect.closeTo(1.34, 6)]);

    // previewOrder and placeOrder judge a $3k buy on the same figures: refused, leverage after > 1.34.
    const buy = order(t.accounts[0]!.email, 'DOGEUSDT', 'BUY', { notional: 3_000 });
    const preview = await t.client.previewOrder(buy);
    expect(preview.riskCheck).toMatchObject({ passed: false, limit: 'maxLeverage' });
    expect(preview.riskCheck.value!).toBeGreaterThan(1.6);
    const refused = await t.client.placeOrder(buy).catch((e: unknown) => e as { status: number; data: { value: number } });
    expect(refused).toMatchObject({ status: 412, data: { limit: 'maxLeverage' } });
    expect((refused as { data: { value: number } }).data.value).toBeCloseTo(preview.riskCheck.value!, 2);
  });

  it('every symbol is checked against maxPositionNotional, not only the largest', async () => {
    const t = await trader();
    await writeSnapshotRun(
      db,
      [record(t.accounts[0]!.id, Date.now(), 100_000, [position('BTCUSDT', 'LONG', 8_000), position('BNBUSDT', 'LONG', 900)])],
      [],
    );
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxPositionNotional', value: 10_000 });
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxPositionNotional', value: 1_000 });
    // BNB at 900 + 800 would be 1,700 against 1,000: refused although BTC is the largest position.
    await expect(t.client.placeOrder(order(t.accounts[0]!.email, 'BNBUSDT', 'BUY', { notional: 800 }))).rejects.toMatchObject({
      status: 412,
      data: { limit: 'maxPositionNotional', symbol: 'BNBUSDT' },
    });
  });
});

describe('orders on an account shared by two users', () => {
  it('the same browser id from two users: two orders, neither learns of the other', async () => {
    const a = await trader();
    const b = await trader();
    await setAssignment(db, { userId: b.user.id, accountId: a.accounts[0]!.id, assigned: true });
    const same = { ...order(a.accounts[0]!.email, 'ETHUSDT', 'BUY', { notional: 200 }), clientOrderId: 'same-id' };
    const [x, y] = await Promise.all([a.client.placeOrder(same), b.client.placeOrder(same)]);
    expect([x.status, y.status]).toEqual(['filled', 'filled']);
    expect(x.id).not.toBe(y.id);
    const sent = await db.select().from(simOrders).where(eq(simOrders.accountEmail, a.accounts[0]!.email));
    expect(sent.map((s) => s.clientOrderId).sort()).toEqual(
      [await venueClientId(a.user.id, 'same-id'), await venueClientId(b.user.id, 'same-id')].sort(),
    );
    expect(sent.every((s) => /^[.A-Za-z0-9:/_-]{1,36}$/.test(s.clientOrderId))).toBe(true);
    // Each user's retry of their own id is still their one order.
    expect((await a.client.placeOrder(same)).id).toBe(x.id);
  });
});

describe('trading off', () => {
  it('previewOrder says the trader is halted; every switch records who and when, each time', async () => {
    const t = await trader();
    const risk = await insertUser({ email: `risk${++n}@${TAG}.test`, name: 'Risk One', isRiskTeam: true });
    await setTradingEnabled(db, risk.id, { traderId: t.user.id, enabled: false, reason: 'first' }, 1_000);
    await setTradingEnabled(db, t.user.id, { traderId: t.user.id, enabled: false, reason: 'second' }, 2_000);
    const halted = (await db.select().from(tradingHalts).where(eq(tradingHalts.traderId, t.user.id)))[0]!;
    expect(halted).toMatchObject({ reason: 'second', haltedAt: 2_000, haltedBy: expect.stringContaining(t.user.email) });
    const preview = await t.client.previewOrder(order(t.accounts[0]!.email, 'ETHUSDT', 'BUY', { notional: 200 }));
    expect(preview.riskCheck).toMatchObject({ passed: false, limit: 'tradingOff' });
    expect(preview.halt).toMatchObject({ scope: 'trader', reason: 'second', haltedAt: 2_000 });
    await setTradingEnabled(db, risk.id, { traderId: t.user.id, enabled: true }, 3_000);
    const changes = (await tradingSwitches(db)).changes.filter((c) => c.traderId === t.user.id);
    expect(changes.map((c) => [c.enabled, c.reason, c.changedAt])).toEqual([
      [true, null, 3_000],
      [false, 'second', 2_000],
      [false, 'first', 1_000],
    ]);
    expect(changes[2]!.changedBy).toContain('Risk One');
    expect((await t.client.previewOrder(order(t.accounts[0]!.email, 'ETHUSDT', 'BUY', { notional: 200 }))).halt).toBeNull();
  });
});

describe('orders never break a list', () => {
  it('a refusal on zero equity records its leverage as unbounded, and the list still answers (also an old row)', async () => {
    const t = await trader();
    await writeSnapshotRun(db, [record(t.accounts[0]!.id, Date.now(), -50, [position('BTCUSDT', 'LONG', 5_000)])], []);
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxLeverage', value: 5 });
    const e = await t.client
      .placeOrder(order(t.accounts[0]!.email, 'ETHUSDT', 'BUY', { notional: 100 }))
      .catch((x: unknown) => x);
    expect(e).toMatchObject({
      status: 412,
      message: expect.stringContaining('unbounded'),
      data: { limit: 'maxLeverage', value: null },
    });
    const [row] = await db.select().from(orders).where(eq(orders.userId, t.user.id));
    expect(row!.riskCheck).toMatchObject({ passed: false, value: null, unbounded: true });
    // A row written before this fix (null value, no flag) reads back too.
    await db
      .update(orders)
      .set({ riskCheck: { passed: false, limit: 'maxLeverage', value: null, limitValue: 5 } })
      .where(eq(orders.id, row!.id));
    const listed = await t.client.listOrders({});
    expect(listed.map((o) => o.id)).toEqual([row!.id]);
  });
});
