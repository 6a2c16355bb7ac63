import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { performanceThresholds } from '../../../db/schema/news';
import { newsItems, priceChecks } from '../../../db/schema-news';
import { db, newsDb } from '../../../test/harness';
import { clearNewsItems, testItemRow } from '../../../test/news-rows';
import { measurePriceMoves, meetsThreshold, movePercent, thresholdFor } from './price-moves';
import { IMPLIED_DEFAULT_THRESHOLD } from '../settings/performance-thresholds';

const T0 = Date.UTC(2026, 10, 21, 9);
const MIN = 60_000;

describe('pure parts', () => {
  it('move percent and thresholds', () => {
    expect(movePercent(100, 101.2)).toBe(1.2);
    expect(movePercent(95_000, 94_050)).toBe(-1);
    const rows = [
      { symbol: null, percent: 2, windowMinutes: 15 },
      { symbol: 'ETH', percent: 0.5, windowMinutes: 1 },
    ];
    expect(thresholdFor('ETH', rows)).toEqual({ percent: 0.5, windowMinutes: 1 });
    expect(thresholdFor('BTC', rows)).toEqual({ percent: 2, windowMinutes: 15 });
    // No rows: the same implied default the settings page shows (docs/PRODUCT-RULES.md §7: 1 % within 5 min).
    expect(thresholdFor('BTC', [])).toEqual({ percent: 1, windowMinutes: 5 });
    expect(thresholdFor('BTC', [])).toEqual(IMPLIED_DEFAULT_THRESHOLD);
    expect(meetsThreshold(-1, 5, IMPLIED_DEFAULT_THRESHOLD)).toBe(true);
    expect(meetsThreshold(0.99, 1, IMPLIED_DEFAULT_THRESHOLD)).toBe(false);
    expect(meetsThreshold(3, 15, IMPLIED_DEFAULT_THRESHOLD)).toBe(false);
  });
});

let nextId = 1;
async function item(symbols: string[], prices: Record<string, number>, windows = [1, 5, 15], ts = T0) {
  const id = nextId++;
  await newsDb
    .insert(newsItems)
    .values(testItemRow(id, ts, { title: `item ${id}`, symbols, metadata: { priceAtPublish: prices, matchedRules: [] } }));
  for (const symbol of symbols) {
    for (const m of windows) {
      await newsDb
        .insert(priceChecks)
        .values({ itemId: id, symbol, priceAtPublish: prices[symbol]!, dueAt: ts + m * MIN, windowMinutes: m });
    }
  }
  return id;
}

const load = (id: number) => newsDb.query.newsItems.findFirst({ where: eq(newsItems.id, id) });
const exchange = (marks: Record<string, number>) => ({
  getMarkPrices: async (symbols?: string[]) =>
    Object.fromEntries(Object.entries(marks).filter(([s]) => !symbols || symbols.includes(s))),
});

beforeEach(async () => {
  await clearNewsItems();
  await db.delete(performanceThresholds);
});

describe('measurePriceMoves', () => {
  it('stores moves per window and symbol in the metadata and flags a 1% move within 5 min (default)', async () => {
    const id = await item(['BTC', 'ETH'], { BTC: 100_000, ETH: 4_000 });
    // at +1 min: only the 1-minute checks are due
    let r = await measurePriceMoves({ db, newsDb, exchange: exchange({ BTCUSDT: 100_300, ETHUSDT: 3_990 }), now: T0 + MIN });
    expect(r).toMatchObject({ measured: 2, flagged: 0 });
    expect((await load(id))!).toMatchObject({ onePctMovement: false, metadata: { moves: { '1': { BTC: 0.3, ETH: -0.25 } } } });

    r = await measurePriceMoves({ db, newsDb, exchange: exchange({ BTCUSDT: 101_000, ETHUSDT: 4_000 }), now: T0 + 5 * MIN });
    expect(r).toMatchObject({ measured: 2, flagged: 1 });
    const after5 = (await load(id))!;
    expect(after5.onePctMovement).toBe(true);
    expect(after5.metadata).toMatchObject({
      priceAtPublish: { BTC: 100_000, ETH: 4_000 },
      moves: { '1': { BTC: 0.3, ETH: -0.25 }, '5': { BTC: 1, ETH: 0 } },
      matchedRules: [],
    });
    // nothing is measured twice
    expect(await measurePriceMoves({ db, newsDb, exchange: exchange({ BTCUSDT: 1 }), now: T0 + 5 * MIN })).toMatchObject({
      measured: 0,
    });
  });

  it('records what flagged the headline: the strongest move past its threshold, its window, the threshold, the source', async () => {
    await db.insert(performanceThresholds).values([{ id: 'btc', symbol: 'BTC', percent: 0.25, windowMinutes: 5, createdAt: T0 }]);
    const id = await item(['BTC', 'ETH'], { BTC: 100_000, ETH: 4_000 }, [1, 5]);
    const sim = (marks: Record<string, number>) => ({ ...exchange(marks), kind: 'simulated' as const });
    // +1 min: BTC +0.3 % meets BTC's 0.25 % threshold; ETH −0.5 % is under the 1 % default.
    await measurePriceMoves({ db, newsDb, exchange: sim({ BTCUSDT: 100_300, ETHUSDT: 3_980 }), now: T0 + MIN });
    expect((await load(id))!).toMatchObject({
      onePctMovement: true,
      metadata: {
        mover: {
          symbol: 'BTC',
          percent: 0.3,
          windowMinutes: 1,
          threshold: { percent: 0.25, windowMinutes: 5 },
          source: 'simulated',
        },
      },
    });
    // +5 min: ETH −1.2 % is stronger and past its threshold: it becomes the flag's move.
    await measurePriceMoves({ db, newsDb, exchange: sim({ BTCUSDT: 100_260, ETHUSDT: 3_952 }), now: T0 + 5 * MIN });
    expect((await load(id))!.metadata.mover).toEqual({
      symbol: 'ETH',
      percent: -1.2,
      windowMinutes: 5,
      threshold: { percent: 1, windowMinutes: 5 },
      source: 'simulated',
    });
  });

  it('a weaker later move never replaces the recorded one', async () => {
    const id = await item(['SOL'], { SOL: 100 }, [1, 5]);
    await measurePriceMoves({ db, newsDb, exchange: exchange({ SOLUSDT: 98 }), now: T0 + MIN });
    await measurePriceMoves({ db, newsDb, exchange: exchange({ SOLUSDT: 101.5 }), now: T0 + 5 * MIN });
    expect((await load(id))!.metadata.mover).toEqual({
      symbol: 'SOL',
      percent: -2,
      windowMinutes: 1,
      threshold: { percent: 1, windowMinutes: 5 },
    });
  });

  it('a move only in the 15-minute window does not count for a 5-minute threshold', async () => {
    const id = await item(['SOL'], { SOL: 200 }, [15]);
    await measurePriceMoves({ db, newsDb, exchange: exchange({ SOLUSDT: 210 }), now: T0 + 15 * MIN });
    expect((await load(id))!).toMatchObject({ onePctMovement: false, metadata: { moves: { '15': { SOL: 5 } } } });
  });

  it('per-symbol thresholds override the default row', async () => {
    await db.insert(performanceThresholds).values([
      { id: 'default', symbol: null, percent: 3, windowMinutes: 15, createdAt: T0 },
      { id: 'eth', symbol: 'ETH', percent: 0.2, windowMinutes: 1, createdAt: T0 },
    ]);
    // every check falls due at T0 + 15 min
    const btc = await item(['BTC'], { BTC: 100 }, [15]);
    const eth = await item(['ETH'], { ETH: 100 }, [1], T0 + 14 * MIN);
    const eth5 = await item(['ETH'], { ETH: 100 }, [5], T0 + 10 * MIN);
    const btcBig = await item(['BTC'], { BTC: 100 }, [15], T0 + 1);
    await measurePriceMoves({ db, newsDb, exchange: exchange({ BTCUSDT: 102, ETHUSDT: 99.7 }), now: T0 + 15 * MIN });
    expect((await load(btc))!.onePctMovement).toBe(false); // 2% < 3%
    expect((await load(eth))!.onePctMovement).toBe(true); // -0.3% within 1 min
    expect((await load(eth5))!.onePctMovement).toBe(false); // ETH counts 1-minute moves only
    await measurePriceMoves({ db, newsDb, exchange: exchange({ BTCUSDT: 96.5 }), now: T0 + 15 * MIN + 1 });
    expect((await load(btcBig))!.onePctMovement).toBe(true); // -3.5% within 15 min
  });

  it('late checks are closed without a move; a missing price waits for the next run', async () => {
    const late = await item(['BTC'], { BTC: 100 }, [1]);
    const unknown = await item(['XYZ'], { XYZ: 1 }, [1], T0 + 8 * MIN);
    const r = await measurePriceMoves({ db, newsDb, exchange: exchange({ BTCUSDT: 150 }), now: T0 + 10 * MIN });
    expect(r).toMatchObject({ stale: 1, measured: 0, waiting: 1 });
    expect((await load(late))!.metadata.moves).toBeUndefined();
    expect((await newsDb.select().from(priceChecks).where(eq(priceChecks.itemId, unknown)))[0]!.done).toBe(false);
    // The stale check is gone, not kept as a done row.
    expect(await newsDb.select().from(priceChecks).where(eq(priceChecks.itemId, late))).toEqual([]);
  });

  it('measures at most `limit` checks per run, oldest first', async () => {
    for (let i = 0; i < 5; i++) await item(['BTC'], { BTC: 100 }, [1], T0 + i);
    const r = await measurePriceMoves({ db, newsDb, exchange: exchange({ BTCUSDT: 100.5 }), now: T0 + 2 * MIN, limit: 3 });
    expect(r.measured).toBe(3);
    const left = await newsDb.select().from(priceChecks);
    expect(left.map((c) => c.dueAt)).toEqual([T0 + 3 + MIN, T0 + 4 + MIN]);
  });
});
