import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, simOrders, type OrderRow } from '../../db/schema/orders';
import type { OrderVenue } from '../../exchanges/order-venue';
import { SimulatedVenue } from '../../exchanges/simulated/venue';
import { batchMeeting } from '../../test/batch-meeting';
import { cronRuns } from '../../db/schema/reliability';
import worker from '../../index';
import { db, testEnv } from '../../test/harness';
import { clearLimitsAndHalts, order, orderContext } from '../../test/order-traders';
import { deskTrader, tickPriceAt } from '../../test/sim-desk';
import type { Session } from '../auth/access';
import { listOpenOrdersFor } from './open-orders';
import { syncOpenOrders } from './open-orders-sync';
import type { VenueFor } from './orders';
import { placeProtectedOrderFor } from './protection';

/**
 * The minute cron's open-orders sync: what the exchange did with a resting order is recorded, and
 * followed (protection attached, a sibling canceled), with no trader reading the open orders.
 */

async function trader(symbol: string) {
  const { user, account } = await deskTrader('osync', symbol);
  return { user, account, session: { sub: user.id, role: 'user', approved: true, can_use_terminal: true } as unknown as Session };
}

const rowOf = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const childrenOf = async (id: string) =>
  (await db.select().from(orders).where(eq(orders.parentOrderId, id))).map((r) => [r.type, r.status, r.triggerPrice]).sort();
const simOf = (email: string, type: 'STOP_MARKET' | 'TAKE_PROFIT_MARKET') =>
  db
    .select()
    .from(simOrders)
    .where(and(eq(simOrders.accountEmail, email), eq(simOrders.type, type)));
const withoutSync = ({ syncedAt: _, ...row }: OrderRow) => row;

/** The simulated venue with its calls counted; `wrap` changes any of them. */
function countedVenue(wrap: (sim: SimulatedVenue) => Partial<OrderVenue> = () => ({})) {
  const calls = { conditional: 0 };
  const venueFor: VenueFor = (account) => {
    const sim = new SimulatedVenue(db, account.email);
    const venue: OrderVenue = {
      rules: (s) => sim.rules(s),
      markPrice: (s) => sim.markPrice(s),
      placeMarketOrder: (req) => sim.placeMarketOrder(req),
      placeLimitOrder: (req) => sim.placeLimitOrder(req),
      placeConditionalOrder: (req) => {
        calls.conditional++;
        return sim.placeConditionalOrder(req);
      },
      queryOrder: (s, id) => sim.queryOrder(s, id),
      cancelOrder: (s, id) => sim.cancelOrder(s, id),
      cancelAllOrders: (s) => sim.cancelAllOrders(s),
    };
    return { ...venue, ...wrap(sim) };
  };
  return { venueFor, calls };
}

beforeEach(clearLimitsAndHalts);

describe('the open-orders sync of the minute cron', () => {
  it('with no read of the open orders, a stop triggered at the exchange is recorded filled and its take-profit canceled', async () => {
    const t = await trader('ETHUSDT');
    const protection = { takeProfit: tickPriceAt('ETHUSDT', 1.2), stopLoss: tickPriceAt('ETHUSDT', 0.8) };
    const entry = await placeProtectedOrderFor(orderContext(), t.session, order(t.account.email, 'ETH', 'BUY', 500, protection));
    expect(entry.status).toBe('filled');
    const [stop, takeProfit] = (await db.select().from(orders).where(eq(orders.parentOrderId, entry.id))).sort((a, b) =>
      a.type.localeCompare(b.type),
    );
    expect([stop!.type, stop!.status, takeProfit!.type, takeProfit!.status]).toEqual([
      'STOP_MARKET',
      'open',
      'TAKE_PROFIT_MARKET',
      'open',
    ]);
    // The path reaches the stop: as if the market had fallen through it.
    await db
      .update(simOrders)
      .set({ triggerPrice: tickPriceAt('ETHUSDT', 1.5) })
      .where(and(eq(simOrders.accountEmail, t.account.email), eq(simOrders.type, 'STOP_MARKET')));
    const count = await syncOpenOrders(orderContext());
    expect(count.claimed).toBeGreaterThanOrEqual(2);
    expect(await rowOf(stop!.id)).toMatchObject({ status: 'filled', filledQuantity: entry.filledQuantity });
    expect((await rowOf(takeProfit!.id)).status).toBe('canceled');
    expect((await simOf(t.account.email, 'TAKE_PROFIT_MARKET')).map((o) => o.status)).toEqual(['CANCELED']);
    const [position] = await db.query.simPositions.findMany({ where: (p, { eq: e }) => e(p.accountEmail, t.account.email) });
    expect(Math.abs(position!.quantity)).toBeLessThan(1e-9);
  });

  it('the minute cron runs it: a stop triggered at the exchange is recorded and its take-profit canceled', async () => {
    const t = await trader('DOGEUSDT');
    const protection = { takeProfit: tickPriceAt('DOGEUSDT', 1.2), stopLoss: tickPriceAt('DOGEUSDT', 0.8) };
    const entry = await placeProtectedOrderFor(orderContext(), t.session, order(t.account.email, 'DOGE', 'BUY', 300, protection));
    await db
      .update(simOrders)
      .set({ triggerPrice: tickPriceAt('DOGEUSDT', 1.5) })
      .where(and(eq(simOrders.accountEmail, t.account.email), eq(simOrders.type, 'STOP_MARKET')));
    const scheduledTime = Date.now();
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime, cron: '* * * * *' }), testEnv, ctx);
    await waitOnExecutionContext(ctx);
    const run = await db.query.cronRuns.findFirst({ where: eq(cronRuns.scheduledAt, scheduledTime) });
    expect(run!.failedJobs).not.toContain('openOrders');
    expect(await childrenOf(entry.id)).toEqual([
      ['STOP_MARKET', 'filled', protection.stopLoss],
      ['TAKE_PROFIT_MARKET', 'canceled', protection.takeProfit],
    ]);
  });

  it("a resting limit entry that filled gets its TP/SL once, though the cron and a trader's read sync it at once", async () => {
    const t = await trader('SOLUSDT');
    const protection = { takeProfit: tickPriceAt('SOLUSDT', 1.2), stopLoss: tickPriceAt('SOLUSDT', 0.8) };
    const price = tickPriceAt('SOLUSDT', 0.98);
    const entry = await placeProtectedOrderFor(
      orderContext(),
      t.session,
      order(t.account.email, 'SOL', 'BUY', 300, { type: 'LIMIT', price, ...protection }),
    );
    expect(entry.status).toBe('open');
    // The path reaches the limit.
    await db
      .update(simOrders)
      .set({ limitPrice: tickPriceAt('SOLUSDT', 1.2) })
      .where(and(eq(simOrders.accountEmail, t.account.email), eq(simOrders.type, 'LIMIT')));
    // Both ask the exchange about the entry before either records the answer.
    const entryId = (await rowOf(entry.id)).venueClientId;
    let arrived = 0;
    let open!: () => void;
    const bothAsked = new Promise<void>((resolve) => (open = resolve));
    const { venueFor, calls } = countedVenue((sim) => ({
      queryOrder: async (s, id) => {
        if (id === entryId) {
          if (++arrived === 2) open();
          await bothAsked;
        }
        return sim.queryOrder(s, id);
      },
    }));
    const ctx = orderContext(venueFor);
    await Promise.all([syncOpenOrders(ctx), listOpenOrdersFor(ctx, t.session, {})]);
    expect(arrived).toBe(2);
    expect((await rowOf(entry.id)).status).toBe('filled');
    const attached = [
      ['STOP_MARKET', 'open', protection.stopLoss],
      ['TAKE_PROFIT_MARKET', 'open', protection.takeProfit],
    ];
    expect(await childrenOf(entry.id)).toEqual(attached);
    expect(calls.conditional).toBe(2);
    expect(await simOf(t.account.email, 'STOP_MARKET')).toHaveLength(1);
    expect(await simOf(t.account.email, 'TAKE_PROFIT_MARKET')).toHaveLength(1);
    // A later run finds nothing more to attach.
    await syncOpenOrders(ctx, Date.now() + 1);
    expect(await childrenOf(entry.id)).toEqual(attached);
    expect(calls.conditional).toBe(2);
  });

  it('the exchange unreachable: every order left as it was (only its turn moves on); an account with no venue is logged, not thrown', async () => {
    const t = await trader('BNBUSDT');
    const entry = await placeProtectedOrderFor(
      orderContext(),
      t.session,
      order(t.account.email, 'BNB', 'BUY', 300, {
        type: 'LIMIT',
        price: tickPriceAt('BNBUSDT', 0.98),
        stopLoss: tickPriceAt('BNBUSDT', 0.8),
      }),
    );
    // Filled at the exchange meanwhile: the answer that cannot be had would change the row.
    await db
      .update(simOrders)
      .set({ limitPrice: tickPriceAt('BNBUSDT', 1.2) })
      .where(and(eq(simOrders.accountEmail, t.account.email), eq(simOrders.type, 'LIMIT')));
    const before = await db.select().from(orders).where(eq(orders.status, 'open'));
    expect(before.map((r) => r.id)).toContain(entry.id);
    const down = countedVenue(() => ({ queryOrder: () => Promise.reject(new Error('network down')) }));
    const now = Date.now() + 10;
    const count = await syncOpenOrders(orderContext(down.venueFor), now, 1000);
    expect(count).toEqual({ claimed: before.length, failedAccounts: 0 });
    const after = await db.select().from(orders).where(eq(orders.status, 'open'));
    expect(after.map(withoutSync)).toEqual(before.map(withoutSync));
    expect(after.every((r) => r.syncedAt === now)).toBe(true);
    const noVenue: VenueFor = () => Promise.reject(new Error('no key'));
    const failed = await syncOpenOrders(orderContext(noVenue), now + 1, 1000);
    expect(failed.claimed).toBe(before.length);
    expect(failed.failedAccounts).toBeGreaterThanOrEqual(1);
    expect((await db.select().from(orders).where(eq(orders.status, 'open'))).map(withoutSync)).toEqual(before.map(withoutSync));
    expect(await childrenOf(entry.id)).toEqual([]);
  });

  it('each run asks about at most its bound, least recently asked first, and comes round to every open order', async () => {
    const t = await trader('XRPUSDT');
    for (const fraction of [0.97, 0.975, 0.98])
      await placeProtectedOrderFor(
        orderContext(),
        t.session,
        order(t.account.email, 'XRP', 'BUY', 100, { type: 'LIMIT', price: tickPriceAt('XRPUSDT', fraction) }),
      );
    const notAsked = async (since: number) =>
      (await db.select().from(orders).where(eq(orders.status, 'open'))).filter((r) => r.syncedAt === null || r.syncedAt < since);
    const base = Date.now() + 1_000;
    expect((await notAsked(base)).length).toBeGreaterThanOrEqual(3);
    // Run after run until every open order was asked (a fill seen may add protective orders meanwhile).
    for (let run = 0; (await notAsked(base)).length > 0; run++) {
      expect(run).toBeLessThan(50);
      const count = await syncOpenOrders(orderContext(), base + run, 2);
      expect(count.claimed).toBeGreaterThan(0);
      expect(count.claimed).toBeLessThanOrEqual(2);
    }
    // Each run took orders not asked yet: every one still open was asked, none by two runs.
    const open = await db.select().from(orders).where(eq(orders.status, 'open'));
    expect(open.filter((r) => r.syncedAt === null || r.syncedAt < base)).toEqual([]);
    const stamped = open.map((r) => r.syncedAt);
    for (const at of new Set(stamped)) expect(stamped.filter((s) => s === at).length).toBeLessThanOrEqual(2);
    // Two runs at once read the same candidates before either claims: the claims decide.
    const together = batchMeeting();
    const ctx = { ...orderContext(), db: together.db };
    const [a, b] = await Promise.all([syncOpenOrders(ctx, base + 100, 2), syncOpenOrders(ctx, base + 100, 2)]);
    expect(together.arrived()).toBe(2);
    expect(a.claimed + b.claimed).toBe(2);
  });
});
