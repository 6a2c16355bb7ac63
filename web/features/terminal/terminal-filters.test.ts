import { describe, expect, it } from 'vitest';
import type { NewsItem } from '~/shared/news/news-feed';
import { applyFilters, parseSymbols } from './terminal-filters';

const T = 1_700_000_000_000;
const item = (id: number, importance: NewsItem['importance'], symbols: string[], title = `Item ${id}`) =>
  ({ id, ts: T + id, receivedAt: T + id, importance, symbols, title, body: null, author: null }) as NewsItem;

describe('terminal filters', () => {
  const items = [item(3, 'critical', ['BTC'], 'Exchange hacked'), item(2, 'low', ['ETH', 'SOL']), item(1, 'high', [])];

  it('filters by hidden importance, symbols and text', () => {
    expect(applyFilters(items, { hidden: new Set(['critical']), symbols: [], search: '' }).map((i) => i.id)).toEqual([2, 1]);
    expect(applyFilters(items, { hidden: new Set(), symbols: parseSymbols('sol, $btc'), search: '' }).map((i) => i.id)).toEqual([
      3, 2,
    ]);
    expect(applyFilters(items, { hidden: new Set(), symbols: [], search: 'hacked' }).map((i) => i.id)).toEqual([3]);
  });
});
