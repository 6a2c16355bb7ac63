import { describe, expect, it } from 'vitest';
import type { FillDto, FillsCursor } from '@contract/performance';
import { nextFillsCursor, readAllFills } from './fills-pages';

const fill = (id: string, ts: number): FillDto => ({
  id,
  accountEmail: 'a@sim',
  orderId: null,
  symbol: 'BTCUSDT',
  side: 'BUY',
  price: 1,
  quantity: 1,
  fee: 0,
  feeAsset: 'USDT',
  feeUsd: 0,
  realizedPnl: 0,
  maker: false,
  ts,
});

describe('fills pages', () => {
  it('the next cursor is the last fill of a full page; a short or empty page has none', () => {
    expect(nextFillsCursor([fill('b', 2), fill('a', 1)], 2)).toEqual({ ts: 1, id: 'a' });
    expect(nextFillsCursor([fill('b', 2)], 2)).toBeUndefined();
    expect(nextFillsCursor([], 2)).toBeUndefined();
  });

  it('reads page after page from the last cursor until a short page, keeping the order', async () => {
    const fills = [fill('e', 5), fill('d', 4), fill('c', 4), fill('b', 2), fill('a', 1)];
    const asked: (FillsCursor | undefined)[] = [];
    const all = await readAllFills(async (before) => {
      asked.push(before);
      const start = before ? fills.findIndex((f) => f.id === before.id) + 1 : 0;
      return fills.slice(start, start + 2);
    }, 2);
    expect(all).toEqual(fills);
    expect(asked).toEqual([undefined, { ts: 4, id: 'd' }, { ts: 2, id: 'b' }]);
  });

  it('a range that fills whole pages ends on the empty page after them', async () => {
    let reads = 0;
    const all = await readAllFills(async (before) => (reads++, before ? [] : [fill('b', 2), fill('a', 1)]), 2);
    expect(all.map((f) => f.id)).toEqual(['b', 'a']);
    expect(reads).toBe(2);
  });
});
