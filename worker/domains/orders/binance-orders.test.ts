import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { getProviderConfig } from '../../env';
import { db, insertUser, testEnv } from '../../test/harness';
import { position, record } from '../../test/snapshot-builders';
import { writeSnapshotRun } from '../accounts/snapshot-store';
import { FakeBinanceOrders } from '../../test/fakes/fake-binance-orders';
import type { Session } from '../auth/access';
import { addAccount, setAssignment } from '../accounts/manage-accounts';
import { order, orderContext } from '../../test/order-traders';
import { defaultVenueFor, listOrdersFor, placeOrderFor } from './orders';
import { listOpenOrdersFor } from './open-orders';
import { placeProtectedOrderFor } from './protection';
import { keyRingFrom, setTradingKey } from './trading-keys';
import { createDb, type Db } from '../../db/client';
import { countingD1, newRoundCounter } from '../../test/d1-rounds';
import { cancelAllOrdersFor, cancelOrderFor } from './open-orders';
import { moveProtectionFor } from './move-protection';
import { protectPositionFor } from './protection';

const KEY = 'fake-binance-key-0001';
const SECRET = 'fake-binance-secret-0001';
const keyring = getProviderConfig(testEnv).trading.keyring!;

async function binanceTrader() {
  const user = await insertUser({ canUseTerminal: true });
  const account = await addAccount(db, { exchange: 'binance', email: `${user.id.slice(0, 8)}@binance.orders` });
  await setAssignment(db, { userId: user.id, accountId: account.id, assigned: true });
  const session = { sub: user.id, role: 'user', approved: true, isRiskTeam: false, can_use_terminal: true } as unknown as Session;
  const fake = new FakeBinanceOrders({
    apiKey: KEY,
    apiSecret: SECRET,
    symbols: [{ symbol: 'ETHUSDT', stepSize: '0.001', minQty: '0.001', maxQty: '2000', minNotional: '20', markPrice: '3400.00' }],
  });
  // The wired path: the account's own key, sealed in D1, opened to sign through the Binance venue.
  await setTradingKey(db, await keyRingFrom(keyring), user.id, { accountId: account.id, apiKey: KEY, apiSecret: SECRET });
  const venueOn = (on: Db) => defaultVenueFor(on, { keyring, futuresBaseUrl: `https://${user.id}.fake`, fetch: fake.fetch });
  return { account, session, fake, venueFor: venueOn(db), venueOn };
}

/** A market buy of $1,000 of ETH on the trader's Binance account. */
const buyEth = (t: Awaited<ReturnType<typeof binanceTrader>>, clientOrderId: string) =>
  placeOrderFor(orderContext(t.venueFor), t.session, order(t.account.email, 'ETH', 'BUY', 1000, { clientOrderId }));

/**
 * The mark moves through a protective order's trigger: the open-orders read records the close, the
 * position is flat, and each algo order ends as given (the one that triggered, its sibling canceled).
 */
async function closedThrough(
  t: Awaited<ReturnType<typeof binanceTrader>>,
  ctx: ReturnType<typeof orderContext>,
  mark: string,
  algos: [string, string][],
) {
  t.fake.moveMark('ETHUSDT', mark);
  expect(await listOpenOrdersFor(ctx, t.session, {})).toEqual([]);
  expect(t.fake.positions.ETHUSDT).toBeCloseTo(0, 9);
  expect(t.fake.algos.map((a) => [a.type, a.algoStatus]).sort()).toEqual(algos);
}

describe('placeOrder on a Binance account (fake exchange)', () => {
  it('rounds the notional to the step size and sends it once', async () => {
    const t = await binanceTrader();
    const placed = await buyEth(t, 'b-1');
    expect(placed).toMatchObject({ status: 'filled', quantity: 0.294, fillPrice: 3400 });
    expect(placed.exchangeOrderId).toMatch(/^\d+$/);
    expect(t.fake.orderPosts()).toHaveLength(1);
  });

  it('a timeout after the fill: queried by client id, not re-sent; a -1007 before it: queried, then sent once', async () => {
    const t = await binanceTrader();
    t.fake.loseNextAnswer({ when: 'after-fill', as: 'timeout' });
    const input = { accountEmail: t.account.email, symbol: 'ETHUSDT', side: 'SELL' as const, notional: 500, reduceOnly: false };
    const first = await placeOrderFor(orderContext(t.venueFor), t.session, { ...input, clientOrderId: 'b-2' });
    expect(first.status).toBe('filled');
    expect(t.fake.orderPosts()).toHaveLength(1);
    expect(t.fake.orders).toHaveLength(1);
    t.fake.loseNextAnswer({ when: 'before-fill', as: '-1007' });
    const second = await placeOrderFor(orderContext(t.venueFor), t.session, { ...input, clientOrderId: 'b-3' });
    expect(second.status).toBe('filled');
    expect(t.fake.orderPosts()).toHaveLength(3);
    expect(t.fake.orders).toHaveLength(2);
  });

  it('a refusal by the exchange is recorded as rejected with the trader-facing message', async () => {
    const t = await binanceTrader();
    t.fake.refuseNextOrder(400, -2019, 'Margin is insufficient.');
    const placed = await buyEth(t, 'b-4');
    expect(placed.status).toBe('rejected');
    expect(placed.error).toMatch(/^Insufficient margin/);
  });

  it('reduce-only: sized from the account’s position, refused by the exchange when it holds none, filled when it does', async () => {
    const t = await binanceTrader();
    const close = { accountEmail: t.account.email, symbol: 'ETHUSDT', side: 'SELL' as const, reduceOnly: true };
    // Our snapshot says long 0.294 ETH, the exchange holds nothing: Binance's -2022, mapped.
    await writeSnapshotRun(
      db,
      [record(t.account.id, Date.now(), 100_000, [{ ...position('ETHUSDT', 'LONG', 29.4), size: 0.294 }])],
      [],
    );
    const refused = await placeOrderFor(orderContext(t.venueFor), t.session, { ...close, clientOrderId: 'r-1' });
    expect(refused).toMatchObject({
      status: 'rejected',
      quantity: 0.294,
      error: expect.stringMatching(/^Reduce-only order rejected/),
    });
    expect(t.fake.orderPosts()[0]!.params.get('reduceOnly')).toBe('true');
    // Once the exchange holds the position, the same close goes through.
    await buyEth(t, 'r-2');
    const closed = await placeOrderFor(orderContext(t.venueFor), t.session, { ...close, clientOrderId: 'r-3' });
    expect(closed).toMatchObject({ status: 'filled', quantity: 0.294 });
    expect(t.fake.positions.ETHUSDT).toBeCloseTo(0, 9);
  });

  it('a wrong key is refused by the exchange (signature checked) with a message naming the key', async () => {
    const t = await binanceTrader();
    await setTradingKey(db, await keyRingFrom(keyring), t.session.sub, {
      accountId: t.account.id,
      apiKey: KEY,
      apiSecret: 'not-the-secret-0001',
    });
    const placed = await buyEth(t, 'w-1');
    expect(placed).toMatchObject({ status: 'rejected', error: expect.stringMatching(/trading key/) });
    expect(t.fake.orders).toHaveLength(0);
  });

  it('a resting limit with TP/SL: the algo orders go once its fill is seen, once even when retried; the stop closes it', async () => {
    const t = await binanceTrader();
    const ctx = orderContext(t.venueFor);
    const input = {
      accountEmail: t.account.email,
      symbol: 'ETHUSDT',
      side: 'BUY' as const,
      type: 'LIMIT' as const,
      price: 3300,
      quantity: 0.1,
      reduceOnly: false,
      clientOrderId: 'bp-1',
      takeProfit: 3500,
      stopLossPercent: 2,
    };
    const placed = await placeProtectedOrderFor(ctx, t.session, input);
    expect(placed).toMatchObject({ status: 'open', takeProfit: 3500, stopLoss: 3234 });
    expect(t.fake.algos).toHaveLength(0);
    // The market comes down to the limit; the open-orders read sees the fill and sends the protection.
    t.fake.moveMark('ETHUSDT', '3290.00');
    const open = await listOpenOrdersFor(ctx, t.session, {});
    expect(open.map((o) => [o.type, o.triggerPrice, o.parentOrderId]).sort()).toEqual([
      ['STOP_MARKET', 3234, placed.id],
      ['TAKE_PROFIT_MARKET', 3500, placed.id],
    ]);
    expect(t.fake.algos.map((a) => [a.type, a.algoStatus]).sort()).toEqual([
      ['STOP_MARKET', 'NEW'],
      ['TAKE_PROFIT_MARKET', 'NEW'],
    ]);
    expect(await placeProtectedOrderFor(ctx, t.session, input)).toMatchObject({ id: placed.id, status: 'filled' });
    await listOpenOrdersFor(ctx, t.session, {});
    expect(t.fake.algos).toHaveLength(2);
    // Through the stop: the position closes, the take-profit goes.
    await closedThrough(t, ctx, '3230.00', [
      ['STOP_MARKET', 'FINISHED'],
      ['TAKE_PROFIT_MARKET', 'CANCELED'],
    ]);
    // The stop is recorded under the order the trigger placed, the id its fill carries in the account's trades.
    const stop = (await listOrdersFor(db, t.session, { limit: 10 })).find((o) => o.type === 'STOP_MARKET')!;
    expect(stop).toMatchObject({
      status: 'filled',
      exchangeOrderId: String(t.fake.algos.find((a) => a.type === 'STOP_MARKET')!.actualOrderId),
    });
  });

  it('a market entry with TP/SL: the take-profit triggers, closes the position, the stop is canceled', async () => {
    const t = await binanceTrader();
    const ctx = orderContext(t.venueFor);
    const placed = await placeProtectedOrderFor(
      ctx,
      t.session,
      order(t.account.email, 'ETH', 'BUY', 1000, { takeProfit: 3500, stopLoss: 3300 }),
    );
    expect(placed.status).toBe('filled');
    expect(t.fake.algos.map((a) => [a.type, a.algoStatus]).sort()).toEqual([
      ['STOP_MARKET', 'NEW'],
      ['TAKE_PROFIT_MARKET', 'NEW'],
    ]);
    // The market rises through the take-profit.
    await closedThrough(t, ctx, '3510.00', [
      ['STOP_MARKET', 'CANCELED'],
      ['TAKE_PROFIT_MARKET', 'FINISHED'],
    ]);
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.parentOrderId, placed.id), eq(orders.type, 'TAKE_PROFIT_MARKET')));
    expect(row).toMatchObject({ status: 'filled', side: 'SELL', filledQuantity: placed.filledQuantity });
  });

  it("reads the account's sealed key with the account: a stop, its move, a cancel and a cancel-all wait for no read of their own", async () => {
    const t = await binanceTrader();
    await buyEth(t, 'k-1');
    await writeSnapshotRun(
      db,
      [record(t.account.id, Date.now(), 100_000, [{ ...position('ETHUSDT', 'LONG', 29.4), size: 0.294 }])],
      [],
    );
    const rest = (clientOrderId: string) =>
      placeOrderFor(orderContext(t.venueFor), t.session, {
        accountEmail: t.account.email,
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'LIMIT',
        price: 3300,
        quantity: 0.1,
        reduceOnly: false,
        clientOrderId,
      });
    expect((await rest('k-2')).status).toBe('open');
    expect((await rest('k-3')).status).toBe('open');
    /** The order path on a D1 binding that logs each call and its round. */
    const counted = () => {
      const counter = newRoundCounter(0, true);
      const on = createDb(countingD1(testEnv.DB, counter));
      return { counter, ctx: { ...orderContext(t.venueOn(on)), db: on } };
    };
    const loneKeyReads = (log: string[] = []) => log.filter((l) => l.includes('account_trading_keys') && !l.includes(' ;; '));

    const stop = counted();
    const [placed] = await protectPositionFor(stop.ctx, t.session, {
      accountEmail: t.account.email,
      symbol: 'ETHUSDT',
      stopLoss: 3000,
      clientOrderId: 'k-4',
    });
    expect(placed).toMatchObject({ type: 'STOP_MARKET', status: 'open' });
    // The reads (the key among them), the pending row, the exchange's answer.
    expect(loneKeyReads(stop.counter.log)).toEqual([]);
    expect(stop.counter.rounds).toBe(3);

    const move = counted();
    const moved = await moveProtectionFor(move.ctx, t.session, {
      orderClientOrderId: placed!.clientOrderId,
      triggerPrice: 3050,
      clientOrderId: 'k-5',
    });
    expect(moved).toMatchObject({ status: 'open', triggerPrice: 3050 });
    expect(loneKeyReads(move.counter.log)).toEqual([]);

    const cancel = counted();
    expect(await cancelOrderFor(cancel.ctx, t.session, 'k-2')).toMatchObject({ status: 'canceled' });
    expect(loneKeyReads(cancel.counter.log)).toEqual([]);
    expect(cancel.counter.rounds).toBe(2);

    const all = counted();
    const canceled = await cancelAllOrdersFor(all.ctx, t.session, { accountEmail: t.account.email, symbol: 'ETHUSDT' });
    expect(canceled.map((o) => [o.clientOrderId, o.status]).sort()).toEqual([
      ['k-3', 'canceled'],
      [moved.clientOrderId, 'canceled'],
    ]);
    expect(loneKeyReads(all.counter.log)).toEqual([]);
  });
});
