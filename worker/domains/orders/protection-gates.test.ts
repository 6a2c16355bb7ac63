import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, simOrders, tradingHalts } from '../../db/schema/orders';
import { riskLimits } from '../../db/schema/risk';
import { orderPriceAt } from '../../exchanges/simulated/market';
import { db, insertUser, rpcClient, signedInJar, testEnv } from '../../test/harness';
import { deskTrader, refusal, tickPriceAt } from '../../test/sim-desk';
import { setLimit } from '../risk/limit-store';
import { setAssignment } from '../accounts/manage-accounts';
import { riskGates } from '../../durable-objects/risk-gate';
import { holdMissingClosers, reconcileClosers } from './closers-on-assign';

/**
 * Take-profit and stop-loss orders in the pre-trade gates, through the whole path (RPC, D1, the
 * RiskGate Durable Objects, the simulated exchange). While one rests, its position may be flat at
 * any moment: an order that flips the position is judged as if it opened its whole size, and a
 * stop placed under a resting flip order that would then open past a limit is refused.
 */
const TAG = `pgate${Date.now() % 100_000}`;

const gateItems = (traderId: string) => testEnv.RISK_GATE.getByName(`trader:${traderId}`).items();

beforeEach(async () => {
  await db.delete(riskLimits);
  await db.delete(tradingHalts);
});

/** A desk trader long `units` of ETH, bought at market; `units` × mark ≈ $1,000. */
async function longTrader() {
  const t = await deskTrader(TAG, 'ETHUSDT');
  const units = Number((1_000 / orderPriceAt('ETHUSDT', Date.now())).toFixed(3));
  const entry = await t.client.placeOrder({
    accountEmail: t.account.email,
    symbol: 'ETHUSDT',
    side: 'BUY',
    quantity: units,
    reduceOnly: false,
    clientOrderId: crypto.randomUUID(),
  });
  expect(entry.status).toBe('filled');
  return { ...t, units };
}

/** A sell of `units` resting above the mark (it would flip the long). */
const restingSell = (t: { account: { email: string } }, units: number) => ({
  accountEmail: t.account.email,
  symbol: 'ETHUSDT',
  side: 'SELL' as const,
  type: 'LIMIT' as const,
  price: tickPriceAt('ETHUSDT', 1.04),
  quantity: units,
  reduceOnly: false,
  clientOrderId: crypto.randomUUID(),
});

const marketSell = (t: { account: { email: string } }, units: number) => ({
  accountEmail: t.account.email,
  symbol: 'ETHUSDT',
  side: 'SELL' as const,
  quantity: units,
  reduceOnly: false,
  clientOrderId: crypto.randomUUID(),
});

const stopFor = (t: { account: { email: string } }) => ({
  accountEmail: t.account.email,
  symbol: 'ETHUSDT',
  stopLoss: tickPriceAt('ETHUSDT', 0.7),
  clientOrderId: crypto.randomUUID(),
});

/**
 * A limit on the trader's ETH notional between a flip of 4 × units to short 3 × units (allowed) and
 * opening short 4 × units (refused), as the gate prices the resting sell.
 */
async function limitBetweenFlipAndOpen(t: Awaited<ReturnType<typeof longTrader>>, traderId = t.user.id) {
  const preview = await t.client.previewOrder(restingSell(t, 4 * t.units));
  const flipped = preview.riskCheck.after!.positionNotional;
  await setLimit(db, t.user.id, { traderId, kind: 'maxPositionNotional', value: Math.round(flipped * 1.15) });
}

describe('take-profit and stop-loss orders in the pre-trade gate', () => {
  it('a stop is a closer in the trader gate: a sell that flips the long is judged as opening its whole size', async () => {
    const t = await longTrader();
    await limitBetweenFlipAndOpen(t);
    // Without a stop the flip is judged as what it is (short 3 × units): within the limit.
    expect((await t.client.previewOrder(marketSell(t, 4 * t.units))).riskCheck.passed).toBe(true);
    const [stop] = await t.client.protectPosition(stopFor(t));
    expect(stop!.status).toBe('open');
    const [row] = await db.select().from(orders).where(eq(orders.id, stop!.id));
    expect(row!.gates).toEqual([t.user.id]);
    expect((await gateItems(t.user.id)).find((i) => i.orderId === stop!.id)).toMatchObject({ closes: true, qty: 0 });
    // With it, the stop may close the long first: the sell would open short 4 × units.
    const sell = marketSell(t, 4 * t.units);
    expect(await refusal(t.client.placeOrder(sell))).toMatchObject({ status: 412 });
    const [refused] = await db.select().from(orders).where(eq(orders.clientOrderId, sell.clientOrderId));
    expect(refused!.status).toBe('refused');
    // A reduce-only close is still sized on the position (the exchange caps it if the stop fills first).
    const close = await t.client.placeOrder({ ...marketSell(t, t.units), reduceOnly: true });
    expect(close).toMatchObject({ status: 'filled', filledQuantity: t.units });
  });

  it('a stop under a resting flip order that would then open past the limit is refused and recorded; after a cancel it rests', async () => {
    const t = await longTrader();
    await limitBetweenFlipAndOpen(t);
    const resting = await t.client.placeOrder(restingSell(t, 4 * t.units));
    expect(resting.status).toBe('open');
    const input = stopFor(t);
    const refused = await refusal(t.client.protectPosition(input));
    expect(refused).toMatchObject({ status: 412 });
    expect(refused!.message).toMatch(
      /^Max position notional \$[\d,]+ on ETHUSDT would be crossed by \$[\d,]+ \(\$[\d,]+ once this closes the position and the order resting on it fills\)$/,
    );
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, t.account.id), eq(orders.type, 'STOP_MARKET')));
    expect(rows.map((r) => [r.status, r.riskCheck.passed, r.gates])).toEqual([['refused', false, []]]);
    // Never sent, and nothing left in the gate under its id.
    expect(await db.select().from(simOrders).where(eq(simOrders.type, 'STOP_MARKET'))).not.toContainEqual(
      expect.objectContaining({ accountEmail: t.account.email }),
    );
    expect((await gateItems(t.user.id)).some((i) => i.closes)).toBe(false);
    await t.client.cancelOrder({ clientOrderId: resting.clientOrderId });
    const [stop] = await t.client.protectPosition({ ...input, clientOrderId: crypto.randomUUID() });
    expect(stop!.status).toBe('open');
  });

  it('a stop and a flip order sent at once: never both accepted', async () => {
    const outcomes = [];
    for (let i = 0; i < 4; i++) {
      const t = await longTrader();
      await limitBetweenFlipAndOpen(t);
      const [stop, sell] = await Promise.all([
        refusal(t.client.protectPosition(stopFor(t))),
        refusal(t.client.placeOrder(restingSell(t, 4 * t.units))),
      ]);
      // Exactly one of them is refused by the limit, whichever reached the gate second.
      expect([stop, sell].filter((r) => r === null)).toHaveLength(1);
      expect([stop, sell].find((r) => r !== null)).toMatchObject({ status: 412 });
      outcomes.push(stop === null ? 'stop' : 'sell');
    }
    expect(outcomes).toHaveLength(4);
  });

  it('the stop triggered: its fill replaces the closer; a canceled take-profit leaves the gate', async () => {
    const t = await longTrader();
    const [tp, sl] = await t.client.protectPosition({
      ...stopFor(t),
      takeProfit: tickPriceAt('ETHUSDT', 1.3),
    });
    const closers = (await gateItems(t.user.id)).filter((i) => i.closes).map((i) => i.orderId);
    expect(closers.sort()).toEqual([tp!.id, sl!.id].sort());
    // The path reaches the stop: as if the market had fallen through it.
    await db
      .update(simOrders)
      .set({ triggerPrice: tickPriceAt('ETHUSDT', 1.5) })
      .where(and(eq(simOrders.accountEmail, t.account.email), eq(simOrders.type, 'STOP_MARKET')));
    expect(await t.client.listOpenOrders({})).toEqual([]);
    const items = await gateItems(t.user.id);
    expect(items.some((i) => i.closes)).toBe(false);
    expect(items.find((i) => i.orderId.startsWith(`${sl!.id}#`))).toMatchObject({ filled: -t.units });
  });

  it("an account assigned after its stop was placed: the new trader's gate holds the stop before they can trade it", async () => {
    const t = await longTrader();
    const user = await insertUser({ email: `late@${TAG}.test`, canUseTerminal: true });
    // The new trader's limit, set as for the first trader (judged before any stop rests).
    await limitBetweenFlipAndOpen(t, user.id);
    const [stop] = await t.client.protectPosition(stopFor(t));
    const admin = rpcClient(await signedInJar(await insertUser({ email: `admin@${TAG}.test`, role: 'admin' })));
    const assign = () => admin.setAccountAssignment({ userId: user.id, accountId: t.account.id, assigned: true });
    await assign();
    await assign(); // again: nothing held or named twice
    const [row] = await db.select().from(orders).where(eq(orders.id, stop!.id));
    expect(row!.gates).toEqual([t.user.id, user.id]);
    expect((await gateItems(user.id)).filter((i) => i.closes)).toEqual([
      expect.objectContaining({ orderId: stop!.id, accountId: t.account.id, symbol: 'ETHUSDT' }),
    ]);
    // The new trader's flip of the long is judged as opening its whole size, against their own limit.
    const late = rpcClient(await signedInJar(user));
    expect(await refusal(late.placeOrder(marketSell(t, 4 * t.units)))).toMatchObject({ status: 412 });
    // The stop's end reaches both gates.
    await t.client.cancelOrder({ clientOrderId: stop!.clientOrderId });
    expect((await gateItems(user.id)).some((i) => i.closes)).toBe(false);
    expect((await gateItems(t.user.id)).some((i) => i.closes)).toBe(false);
  });

  it('the minute cron hands a gate the closers it lacks: a stop from before closers, an assignment that left one out', async () => {
    const t = await longTrader();
    const [stop] = await t.client.protectPosition(stopFor(t));
    // As a stop placed before closers existed: its row names no gate and no gate holds it.
    await db.update(orders).set({ gates: [] }).where(eq(orders.id, stop!.id));
    await testEnv.RISK_GATE.getByName(`trader:${t.user.id}`).release(stop!.id);
    const user = await insertUser({ email: `seeded@${TAG}.test`, canUseTerminal: true });
    await setAssignment(db, { userId: user.id, accountId: t.account.id, assigned: true }); // no gates: as a seed does
    const gates = riskGates(testEnv.RISK_GATE);
    expect(await reconcileClosers(db, gates)).toBeGreaterThanOrEqual(2);
    const [row] = await db.select().from(orders).where(eq(orders.id, stop!.id));
    expect([...row!.gates].sort()).toEqual([t.user.id, user.id].sort());
    for (const id of [t.user.id, user.id])
      expect((await gateItems(id)).filter((i) => i.closes).map((i) => i.orderId)).toEqual([stop!.id]);
    expect(await reconcileClosers(db, gates)).toBe(0);
    // Its end reaches both gates through the row.
    await t.client.cancelOrder({ clientOrderId: stop!.clientOrderId });
    for (const id of [t.user.id, user.id]) expect((await gateItems(id)).some((i) => i.closes)).toBe(false);
  });

  it('a closer that stopped resting before its row could name the new gate is let go there again', async () => {
    const t = await longTrader();
    const [stop] = await t.client.protectPosition(stopFor(t));
    const user = await insertUser({ email: `raced@${TAG}.test`, canUseTerminal: true });
    const missing = { orderId: stop!.id, traderId: user.id, accountId: t.account.id, symbol: 'ETHUSDT', mark: stop!.markPrice };
    const { writes, settle } = await holdMissingClosers(db, riskGates(testEnv.RISK_GATE), [missing]);
    expect((await gateItems(user.id)).map((i) => i.orderId)).toEqual([stop!.id]);
    // Canceled in between: its end told the gates its row named, not the new one.
    await t.client.cancelOrder({ clientOrderId: stop!.clientOrderId });
    await settle(await db.batch([writes[0]!]));
    expect(await gateItems(user.id)).toEqual([]);
    const [row] = await db.select().from(orders).where(eq(orders.id, stop!.id));
    expect(row!.gates).toEqual([t.user.id]);
  });

  it('a retried protectPosition is answered with the stop it placed, whatever the gates would say of a new one', async () => {
    const t = await longTrader();
    const input = stopFor(t);
    const [stop] = await t.client.protectPosition(input);
    await t.client.cancelOrder({ clientOrderId: stop!.clientOrderId });
    // A flip order rests now, under a limit a new stop would cross (door 2).
    expect((await t.client.placeOrder(restingSell(t, 4 * t.units))).status).toBe('open');
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxPositionNotional', value: 1 });
    expect(await refusal(t.client.protectPosition({ ...input, clientOrderId: crypto.randomUUID() }))).toMatchObject({
      status: 412,
    });
    // The first request again (its answer lost): the stop it placed, as it stands, and no refused row.
    const [again] = await t.client.protectPosition(input);
    expect(again).toMatchObject({ id: stop!.id, status: 'canceled' });
    const rows = await db.select().from(orders).where(eq(orders.clientOrderId, stop!.clientOrderId));
    expect(rows.map((r) => r.status)).toEqual(['canceled']);
  });

  it('a moved stop: the new order is a closer before the old one goes, and the old one leaves the gate', async () => {
    const t = await longTrader();
    await limitBetweenFlipAndOpen(t);
    const [stop] = await t.client.protectPosition(stopFor(t));
    const moved = await t.client.moveProtection({
      orderClientOrderId: stop!.clientOrderId,
      triggerPrice: tickPriceAt('ETHUSDT', 0.75),
      clientOrderId: crypto.randomUUID(),
    });
    expect(moved.status).toBe('open');
    expect((await gateItems(t.user.id)).filter((i) => i.closes).map((i) => i.orderId)).toEqual([moved.id]);
    // Still protected in the gate's eyes: the flip is judged as opening its whole size.
    expect(await refusal(t.client.placeOrder(marketSell(t, 4 * t.units)))).toMatchObject({ status: 412 });
  });
});
