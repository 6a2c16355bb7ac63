import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { simOrders } from '../../db/schema/orders';
import { db } from '../../test/harness';
import { orderContext } from '../../test/order-traders';
import type { Session } from '../auth/access';
import { deskOrder, deskTrader, refusal, tickPriceAt } from '../../test/sim-desk';
import { protectPositionFor } from './protection';

/**
 * Take-profit and stop-loss on the simulated exchange, through the RPC path: attached at entry or
 * added to a position, triggered by the price path, the sibling canceled, refusals a trader can act on.
 */
const TAG = `prot${Date.now() % 100_000}`;

const trader = (symbol: string) => deskTrader(TAG, symbol);

const priceAt = tickPriceAt;

/** Moves a resting protective order's trigger at the simulated exchange (to where the path reached it). */
const moveTrigger = (t: { account: { email: string } }, type: 'STOP_MARKET' | 'TAKE_PROFIT_MARKET', triggerPrice: number) =>
  db
    .update(simOrders)
    .set({ triggerPrice })
    .where(and(eq(simOrders.accountEmail, t.account.email), eq(simOrders.type, type)));

describe('take-profit and stop-loss on the simulated exchange', () => {
  it('attached at entry: both rest open; the stop triggers from the price path, closes the position, the take-profit goes', async () => {
    const t = await trader('ETHUSDT');
    const entry = await t.client.placeOrder(
      deskOrder(t, 'ETH', 'BUY', 500, { takeProfit: priceAt('ETHUSDT', 1.2), stopLoss: priceAt('ETHUSDT', 0.8) }),
    );
    expect(entry.status).toBe('filled');
    const open = await t.client.listOpenOrders({});
    expect(open.map((o) => [o.type, o.side, o.reduceOnly, o.parentOrderId]).sort()).toEqual([
      ['STOP_MARKET', 'SELL', true, entry.id],
      ['TAKE_PROFIT_MARKET', 'SELL', true, entry.id],
    ]);
    // The path reaches the stop: as if the market had fallen through it.
    await moveTrigger(t, 'STOP_MARKET', priceAt('ETHUSDT', 1.5));
    expect(await t.client.listOpenOrders({})).toEqual([]);
    const all = await t.client.listOrders({ limit: 10 });
    const stop = all.find((o) => o.type === 'STOP_MARKET')!;
    expect(stop).toMatchObject({ status: 'filled', filledQuantity: entry.filledQuantity });
    expect(all.find((o) => o.type === 'TAKE_PROFIT_MARKET')!.status).toBe('canceled');
    const [position] = await db.query.simPositions.findMany({ where: (p, { eq: e }) => e(p.accountEmail, t.account.email) });
    expect(Math.abs(position!.quantity)).toBeLessThan(1e-9);
  });

  it('attached at entry: the take-profit triggers from the price path, closes the position, the stop goes', async () => {
    const t = await trader('BTCUSDT');
    const entry = await t.client.placeOrder(
      deskOrder(t, 'BTC', 'BUY', 500, { takeProfit: priceAt('BTCUSDT', 1.2), stopLoss: priceAt('BTCUSDT', 0.8) }),
    );
    expect(entry.status).toBe('filled');
    expect((await t.client.listOpenOrders({})).map((o) => o.type).sort()).toEqual(['STOP_MARKET', 'TAKE_PROFIT_MARKET']);
    // The path reaches the take-profit: as if the market had risen through it.
    await moveTrigger(t, 'TAKE_PROFIT_MARKET', priceAt('BTCUSDT', 0.5));
    expect(await t.client.listOpenOrders({})).toEqual([]);
    const all = await t.client.listOrders({ limit: 10 });
    expect(all.find((o) => o.type === 'TAKE_PROFIT_MARKET')).toMatchObject({
      status: 'filled',
      side: 'SELL',
      filledQuantity: entry.filledQuantity,
    });
    expect(all.find((o) => o.type === 'STOP_MARKET')!.status).toBe('canceled');
    const venue = await db.select().from(simOrders).where(eq(simOrders.accountEmail, t.account.email));
    expect(venue.map((o) => [o.type, o.status]).sort()).toEqual([
      ['MARKET', 'FILLED'],
      ['STOP_MARKET', 'CANCELED'],
      ['TAKE_PROFIT_MARKET', 'FILLED'],
    ]);
    const [position] = await db.query.simPositions.findMany({ where: (p, { eq: e }) => e(p.accountEmail, t.account.email) });
    expect(Math.abs(position!.quantity)).toBeLessThan(1e-9);
  });

  it('a retried entry places its protection once; added to a position later with its own client id', async () => {
    const t = await trader('SOLUSDT');
    const input = deskOrder(t, 'SOL', 'SELL', 300, { stopLoss: priceAt('SOLUSDT', 1.1) });
    await t.client.placeOrder(input);
    await t.client.placeOrder(input);
    expect((await t.client.listOpenOrders({})).map((o) => [o.type, o.side])).toEqual([['STOP_MARKET', 'BUY']]);
    const added = await t.client.protectPosition({
      accountEmail: t.account.email,
      symbol: 'SOL',
      takeProfit: priceAt('SOLUSDT', 0.9),
      clientOrderId: crypto.randomUUID(),
    });
    expect(added.map((o) => [o.type, o.side, o.status])).toEqual([['TAKE_PROFIT_MARKET', 'BUY', 'open']]);
  });

  it('refuses what a trader can fix: a trigger already crossed, a position that is not there', async () => {
    const t = await trader('BNBUSDT');
    expect(
      await refusal(t.client.placeOrder(deskOrder(t, 'BNB', 'BUY', 300, { stopLoss: priceAt('BNBUSDT', 1.02) }))),
    ).toMatchObject({
      status: 400,
      reason: 'wouldTrigger',
      message: expect.stringMatching(/would trigger immediately.*below the mark/),
    });
    // Nothing was sent: the entry waits for a valid stop.
    expect(await t.client.listOrders({ limit: 5 })).toEqual([]);
    expect(
      await refusal(
        t.client.protectPosition({
          accountEmail: t.account.email,
          symbol: 'BNB',
          stopLoss: priceAt('BNBUSDT', 0.9),
          clientOrderId: 'x1',
        }),
      ),
    ).toMatchObject({ status: 400, reason: 'noPosition' });
  });

  it("a stop added to a position is timed from the trader's request, as every order is, not from its row", async () => {
    const t = await trader('XRPUSDT');
    await t.client.placeOrder(deskOrder(t, 'XRP', 'BUY', 300));
    const session = { sub: t.user.id, role: 'user', approved: true, can_use_terminal: true } as unknown as Session;
    // The request arrived a while ago (its reads, the mark and the trigger checks came since).
    const receivedAt = Date.now() - 5_000;
    const [stop] = await protectPositionFor({ ...orderContext(), receivedAt }, session, {
      accountEmail: t.account.email,
      symbol: 'XRPUSDT',
      stopLoss: priceAt('XRPUSDT', 0.9),
      clientOrderId: crypto.randomUUID(),
    });
    expect(stop).toMatchObject({ type: 'STOP_MARKET', status: 'open', receivedAt });
    expect(stop!.sentAt! - stop!.receivedAt).toBeGreaterThanOrEqual(5_000);
  });
});
