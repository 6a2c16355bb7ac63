import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderSide } from '../../contract/enums';
import { orders, simOrders } from '../../db/schema/orders';
import { eq } from 'drizzle-orm';
import { db, insertUser, rpcClient, signedInJar } from '../../test/harness';
import { book, clearLimitsAndHalts, order, refusedWith, tradingClient as trader } from '../../test/order-traders';
import { position } from '../../test/snapshot-builders';
import { loadDesk, netBySymbol } from '../risk/desk';
import { setLimit } from '../risk/limit-store';
import { refreshSimulatedAccount } from './orders';
import { venueClientId } from './venue-client-id';

/** The risk team's limits and trading switches as placeOrder applies them, one order at a time (parallel: gate/gate.test.ts). */
beforeEach(clearLimitsAndHalts);

describe('pre-trade risk check (the risk team limits and evaluation)', () => {
  it('maxLeverage: refused with 412 naming the limit and by how much, recorded as refused, never sent', async () => {
    const t = await trader();
    await book(t.account.id, 10_000, [position('BTCUSDT', 'LONG', 20_000)]);
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxLeverage', value: 3 });
    const input = order(t.account.email, 'ETH', 'BUY', 15_000);
    const e = refusedWith(await t.client.placeOrder(input).catch((x: unknown) => x));
    expect(e.status).toBe(412);
    expect(e.data.limit).toBe('maxLeverage');
    expect(e.data.excess).toBeCloseTo(0.5, 1);
    expect(e.message).toMatch(/Max leverage 3\.00× would be crossed by 0\.\d\d×/);
    const [row] = await db.select().from(orders).where(eq(orders.clientOrderId, input.clientOrderId));
    expect(row!.status).toBe('refused');
    expect(
      await db
        .select()
        .from(simOrders)
        .where(eq(simOrders.clientOrderId, await venueClientId(t.user.id, input.clientOrderId))),
    ).toHaveLength(0);
    // The same id again is the same refusal, still not sent.
    expect(refusedWith(await t.client.placeOrder(input).catch((x: unknown) => x)).status).toBe(412);
    // An order that lowers leverage passes although the limit stays crossed.
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxLeverage', value: 1.5 });
    expect((await t.client.placeOrder(order(t.account.email, 'BTC', 'SELL', 2_000))).status).toBe('filled');
  });

  it('maxPositionNotional', async () => {
    const t = await trader();
    await book(t.account.id, 50_000, [position('BTCUSDT', 'LONG', 20_000)]);
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxPositionNotional', value: 25_000 });
    const e = refusedWith(await t.client.placeOrder(order(t.account.email, 'BTC', 'BUY', 10_000)).catch((x: unknown) => x));
    expect([e.status, e.data.limit]).toEqual([412, 'maxPositionNotional']);
    expect(e.data.excess).toBeGreaterThan(4_000);
    expect(e.message).toContain('Max position notional $25,000 on BTCUSDT');
  });

  it('maxPositionShare', async () => {
    const t = await trader();
    await book(t.account.id, 50_000, [position('BTCUSDT', 'LONG', 10_000), position('ETHUSDT', 'SHORT', 10_000)]);
    await setLimit(db, t.user.id, { traderId: t.user.id, kind: 'maxPositionShare', value: 0.6 });
    const e = refusedWith(await t.client.placeOrder(order(t.account.email, 'BTC', 'BUY', 10_000)).catch((x: unknown) => x));
    expect([e.status, e.data.limit]).toEqual([412, 'maxPositionShare']);
    expect(e.message).toContain('Max share of one position 60.0 %');
  });

  it('maxSymbolNetExposure (firm-wide, across traders)', async () => {
    const a = await trader();
    const b = await trader();
    await book(a.account.id, 50_000, [position('SOLUSDT', 'LONG', 8_000)]);
    await book(b.account.id, 50_000, [position('SOLUSDT', 'LONG', 8_000)]);
    // Whatever other traders of this file hold in SOL, a limit just above today's net is crossed by a 5,000 buy.
    const desk = await loadDesk(db);
    const net = netBySymbol([...desk.accounts.values()]).SOLUSDT ?? 0;
    const away: OrderSide = net >= 0 ? 'BUY' : 'SELL';
    await setLimit(db, a.user.id, { traderId: null, kind: 'maxSymbolNetExposure', value: Math.abs(net) + 1_000 });
    const e = refusedWith(await a.client.placeOrder(order(a.account.email, 'SOL', away, 5_000)).catch((x: unknown) => x));
    expect([e.status, e.data.limit]).toEqual([412, 'maxSymbolNetExposure']);
    expect(e.message).toContain('Firm net exposure limit');
    // An order that brings the firm's net back towards zero is allowed.
    expect((await b.client.placeOrder(order(b.account.email, 'SOL', away === 'BUY' ? 'SELL' : 'BUY', 1_000))).status).toBe(
      'filled',
    );
  });
});

describe('trading-off switches', () => {
  it('the firm switch and the trader switch stop the next order at once; back on, orders pass', async () => {
    const t = await trader();
    const risk = await insertUser({ email: 'switch-risk@orders.test', isRiskTeam: true });
    const riskClient = rpcClient(await signedInJar(risk));
    await refreshSimulatedAccount(db, t.account);

    await riskClient.setTradingEnabled({ traderId: null, enabled: false, reason: 'exchange incident' });
    const firm = refusedWith(await t.client.placeOrder(order(t.account.email, 'ETH', 'BUY', 200)).catch((x: unknown) => x));
    expect([firm.status, firm.data.limit]).toEqual([412, 'tradingOff']);
    await riskClient.setTradingEnabled({ traderId: null, enabled: true });

    const switches = await riskClient.setTradingEnabled({ traderId: t.user.id, enabled: false });
    expect(switches.traders.map((s) => s.traderId)).toEqual([t.user.id]);
    const mine = refusedWith(await t.client.placeOrder(order(t.account.email, 'ETH', 'BUY', 200)).catch((x: unknown) => x));
    expect([mine.status, mine.data.limit]).toEqual([412, 'tradingOff']);

    await riskClient.setTradingEnabled({ traderId: t.user.id, enabled: true });
    expect((await t.client.placeOrder(order(t.account.email, 'ETH', 'BUY', 200))).status).toBe('filled');
    await expect(t.client.setTradingEnabled({ traderId: null, enabled: false })).rejects.toMatchObject({ status: 403 });
  });
});
