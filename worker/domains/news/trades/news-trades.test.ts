import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { newsTrades } from '../../../db/schema/news-trades';
import { orders } from '../../../db/schema/orders';
import { newsItems } from '../../../db/schema-news';
import { db, insertUser, newsDb, rpcClient, signedInJar } from '../../../test/harness';
import { insertUnsentOrder, order, tradingClient } from '../../../test/order-traders';
import { recordNewsTrade, type TradeHeadline } from './record-trade';
import { scoreNewsTrades } from './score-trades';

const MIN = 60_000;
let nextId = 910_000;

/** A headline in the news database, with ETH's price when it was stored and (optionally) its measured moves. */
async function headline(title: string, opts: { ethAt?: number; moves?: Record<string, Record<string, number>> } = {}) {
  const id = nextId++;
  const ts = Date.now() - 20_000;
  await newsDb.insert(newsItems).values({
    id,
    ts,
    receivedAt: ts,
    sourceId: 'sim:wire',
    sourceKind: 'manual',
    title,
    symbols: ['ETH'],
    importance: 'high',
    dedupKey: `trade-${id}`,
    metadata: { priceAtPublish: { ETH: opts.ethAt ?? 2000 }, ...(opts.moves ? { moves: opts.moves } : {}) },
  });
  return { id, ts };
}

const tradeOf = async (orderId: string) => (await db.select().from(newsTrades).where(eq(newsTrades.orderId, orderId)))[0];

/** Marks by pair, and the pairs asked for (per exchange). */
function fakeMarks(prices: Record<string, number>) {
  const asked: string[][] = [];
  return {
    asked,
    marks: async (_exchange: string, pairs: string[]) => {
      asked.push(pairs);
      return Object.fromEntries(pairs.filter((p) => p in prices).map((p) => [p, prices[p]!]));
    },
  };
}

beforeEach(async () => {
  await db.delete(newsTrades);
});

describe('an order placed from a headline', () => {
  it('keeps the headline id and starts scoring with what scoring needs from the headline', async () => {
    const t = await tradingClient();
    const h = await headline('Binance will list Foo (FOO) perpetuals', { ethAt: 1990 });
    const placed = await t.client.placeOrder(order(t.account.email, 'ETH', 'BUY', 500, { headlineId: h.id }));
    expect(placed.status).toBe('filled');
    expect(placed.headlineId).toBe(h.id);
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.headlineId).toBe(h.id);

    const trade = await tradeOf(placed.id);
    expect(trade).toMatchObject({
      userId: t.user.id,
      exchange: 'simulated',
      symbol: 'ETHUSDT',
      side: 'BUY',
      headlineId: h.id,
      headlineTitle: 'Binance will list Foo (FOO) perpetuals',
      headlineSource: 'sim:wire',
      headlineImportance: 'high',
      headlineKind: 'listing',
      publishedAt: h.ts,
      publishPrice: 1990,
      entryPrice: placed.fillPrice,
      quantity: placed.filledQuantity,
      stage: 'm1',
      priceM1: null,
    });
    expect(trade!.dueAt).toBe(trade!.entryAt! + MIN);
  });

  it('a replay of the same client id scores one trade; an order without a headline is no news trade', async () => {
    const t = await tradingClient();
    const h = await headline('Fed holds rates');
    const input = order(t.account.email, 'ETH', 'SELL', 300, { headlineId: h.id });
    const first = await t.client.placeOrder(input);
    const again = await t.client.placeOrder(input);
    expect(again.id).toBe(first.id);
    const plain = await t.client.placeOrder(order(t.account.email, 'ETH', 'BUY', 300));
    expect(plain.headlineId).toBeNull();
    const rows = await db.select().from(newsTrades);
    expect(rows.map((r) => [r.orderId, r.headlineKind])).toEqual([[first.id, 'macro']]);
  });

  it('an unknown headline refuses the order before anything is recorded or sent', async () => {
    const t = await tradingClient();
    const input = order(t.account.email, 'ETH', 'BUY', 300, { headlineId: 987_654_321 });
    await expect(t.client.placeOrder(input)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(await db.select().from(orders).where(eq(orders.clientOrderId, input.clientOrderId))).toEqual([]);
  });

  it('rejects a headline id that is not a positive integer (the contract)', async () => {
    const t = await tradingClient();
    await expect(
      t.client.placeOrder(order(t.account.email, 'ETH', 'BUY', 300, { headlineId: -3 } as object)),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('scoring, incrementally', () => {
  it("a trade's 1-minute figure appears once its window elapsed, not before; then 5, 15 and the close follow", async () => {
    const t = await tradingClient();
    const h = await headline('Exchange hot wallet drained', { moves: { '1': { ETH: -0.5 }, '5': { ETH: -1.25 } } });
    const placed = await t.client.placeOrder(order(t.account.email, 'ETH', 'SELL', 1000, { headlineId: h.id }));
    const entryAt = (await tradeOf(placed.id))!.entryAt!;
    const entry = placed.fillPrice!;
    const { marks } = fakeMarks({ ETHUSDT: entry * 0.99 });

    const early = await scoreNewsTrades({ db, newsDb, marks, now: entryAt + MIN - 1 });
    expect(early.read).toBe(0);
    expect((await tradeOf(placed.id))!.priceM1).toBeNull();

    const due = await scoreNewsTrades({ db, newsDb, marks, now: entryAt + MIN + 500 });
    expect(due).toMatchObject({ read: 1, updated: 1 });
    let trade = await tradeOf(placed.id);
    expect(trade).toMatchObject({
      priceM1: entry * 0.99,
      priceM5: null,
      stage: 'm5',
      dueAt: entryAt + 5 * MIN,
      moveM1: -0.5,
      moveM5: -1.25,
    });

    // Nothing is due until the 5-minute window: a run in between reads nothing.
    expect((await scoreNewsTrades({ db, newsDb, marks, now: entryAt + 3 * MIN })).read).toBe(0);
    await scoreNewsTrades({ db, newsDb, marks, now: entryAt + 5 * MIN + 100 });
    await scoreNewsTrades({ db, newsDb, marks, now: entryAt + 15 * MIN + 100 });
    trade = await tradeOf(placed.id);
    expect(trade).toMatchObject({ priceM5: entry * 0.99, priceM15: entry * 0.99, stage: 'close', dueAt: entryAt + 16 * MIN });

    // No exit yet: the position is open, with the figure of the mark now, looked at again later.
    await scoreNewsTrades({ db, newsDb, marks, now: entryAt + 16 * MIN + 100 });
    trade = await tradeOf(placed.id);
    expect(trade).toMatchObject({ closed: false, closePrice: entry * 0.99, stage: 'close' });
    expect(trade!.dueAt).toBe(entryAt + 16 * MIN + 100 + 5 * MIN);

    // The trader buys back: the next look closes the trade at that fill.
    const exit = await t.client.placeOrder(order(t.account.email, 'ETH', 'BUY', 1000));
    await scoreNewsTrades({ db, newsDb, marks, now: entryAt + 22 * MIN });
    trade = await tradeOf(placed.id);
    expect(trade).toMatchObject({ closed: true, closePrice: exit.fillPrice, stage: 'done', dueAt: null });

    // Read as the page reads it: a short sold into a 1 % drop made about 1 %; publication's hypothetical beside it.
    const { trades } = await t.client.listNewsTrades({});
    const scored = trades.find((x) => x.orderId === placed.id)!;
    expect(scored.taken.m1!.percent).toBeCloseTo(1, 3);
    expect(scored.taken.m1!.usd).toBeCloseTo(entry * 0.01 * placed.filledQuantity!, 1);
    expect(scored.hypothetical).toMatchObject({ entryPrice: 2000, m1: { percent: 0.5 }, m5: { percent: 1.25 }, m15: null });
    expect(scored).toMatchObject({
      closed: true,
      simulated: true,
      stage: 'done',
      headline: { kind: 'hack', importance: 'high' },
    });
    expect(scored.reactionMs).toBe(scored.orderAt - h.ts);
  });

  it('reads only due trades, through the due index, however many wait', async () => {
    const t = await tradingClient();
    const h = await headline('SEC sues an exchange');
    const later = Date.now() + 60 * MIN;
    const snapshot: TradeHeadline = {
      ...h,
      title: 'SEC sues an exchange',
      sourceId: 'sim:wire',
      importance: 'high',
      publishedAt: h.ts,
      priceAtPublish: {},
    };
    for (let i = 0; i < 60; i++) {
      const clientOrderId = await insertUnsentOrder(t.user.id, t.account);
      const [row] = await db.select().from(orders).where(eq(orders.clientOrderId, clientOrderId));
      await db.update(orders).set({ headlineId: h.id }).where(eq(orders.id, row!.id));
      await recordNewsTrade(db, row!.id, snapshot, 'ETHUSDT', later);
    }
    const placed = await t.client.placeOrder(order(t.account.email, 'ETH', 'BUY', 300, { headlineId: h.id }));
    const entryAt = (await tradeOf(placed.id))!.entryAt!;
    const { marks, asked } = fakeMarks({ ETHUSDT: 2100 });

    const run = await scoreNewsTrades({ db, newsDb, marks, now: entryAt + MIN + 1 });
    expect(run.read).toBe(1);
    // D1's own count: the due query read its one row (and the order's), not the 61 trades.
    expect(run.rowsRead).toBeGreaterThan(0);
    expect(run.rowsRead).toBeLessThan(10);
    expect(asked).toEqual([['ETHUSDT']]);
    expect((await db.select().from(newsTrades).where(eq(newsTrades.stage, 'fill'))).every((r) => r.dueAt === later + MIN)).toBe(
      true,
    );
  });

  it('a window measured after its stale limit stays empty; an entry that never fills is void', async () => {
    const t = await tradingClient();
    const h = await headline('Chainlink partners with a bank');
    const placed = await t.client.placeOrder(order(t.account.email, 'ETH', 'BUY', 300, { headlineId: h.id }));
    const entryAt = (await tradeOf(placed.id))!.entryAt!;
    const { marks } = fakeMarks({ ETHUSDT: 2100 });
    // The scorer was down for 8 minutes: the 1-minute mark is not taken from minute 9; the 5-minute one is.
    await scoreNewsTrades({ db, newsDb, marks, now: entryAt + 9 * MIN });
    expect(await tradeOf(placed.id)).toMatchObject({ priceM1: null, priceM5: 2100, stage: 'm15' });

    const clientOrderId = await insertUnsentOrder(t.user.id, t.account);
    const [unsent] = await db.select().from(orders).where(eq(orders.clientOrderId, clientOrderId));
    await db.update(orders).set({ headlineId: h.id }).where(eq(orders.id, unsent!.id));
    const snapshot: TradeHeadline = {
      ...h,
      title: 'x',
      sourceId: 'sim:wire',
      importance: 'low',
      publishedAt: h.ts,
      priceAtPublish: {},
    };
    await recordNewsTrade(db, unsent!.id, snapshot, 'ETHUSDT');
    expect(await tradeOf(unsent!.id)).toMatchObject({ stage: 'fill', entryPrice: null });
    await db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, unsent!.id));
    await scoreNewsTrades({ db, newsDb, marks, now: Date.now() + 2 * MIN });
    expect(await tradeOf(unsent!.id)).toMatchObject({ stage: 'void', dueAt: null });
  });
});

describe('who reads news trades', () => {
  it('a trader reads their own only; the risk team reads everyone, or one trader, with the traders to filter by', async () => {
    const a = await tradingClient();
    const b = await tradingClient();
    const h = await headline('Coinbase lists ETH options');
    const ofA = await a.client.placeOrder(order(a.account.email, 'ETH', 'BUY', 300, { headlineId: h.id }));
    const ofB = await b.client.placeOrder(order(b.account.email, 'ETH', 'BUY', 300, { headlineId: h.id }));

    const own = await a.client.listNewsTrades({});
    expect(own.trades.map((x) => x.orderId)).toEqual([ofA.id]);
    expect(own.traders).toBeNull();
    await expect(a.client.listNewsTrades({ traderId: b.user.id })).rejects.toMatchObject({ status: 403 });

    const risk = rpcClient(await signedInJar(await insertUser({ isRiskTeam: true })));
    const all = await risk.listNewsTrades({});
    expect(all.trades.map((x) => x.orderId).sort()).toEqual([ofA.id, ofB.id].sort());
    expect(all.traders!.map((x) => x.id)).toEqual(expect.arrayContaining([a.user.id, b.user.id]));
    const one = await risk.listNewsTrades({ traderId: b.user.id });
    expect(one.trades.map((x) => x.orderId)).toEqual([ofB.id]);
    expect(one.trades[0]).toMatchObject({ traderId: b.user.id, traderName: b.user.name, headline: { kind: 'listing' } });
  });
});
