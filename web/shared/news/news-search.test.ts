import { describe, expect, it } from 'vitest';
import { normalizeNewsSearch } from './news-search';

describe('normalizeNewsSearch', () => {
  it('fills the defaults', () => {
    expect(JSON.parse(JSON.stringify(normalizeNewsSearch({})))).toEqual({ limit: 200, sortBy: 'timestamp', sortOrder: 'desc' });
  });

  it('falls back to 200 when limit is not a number', () => {
    expect(normalizeNewsSearch({ limit: 'abc' }).limit).toBe(200);
    expect(normalizeNewsSearch({ limit: '50' }).limit).toBe(50);
    expect(normalizeNewsSearch({ limit: 75 }).limit).toBe(75);
  });

  it('turns a lone importance or symbol into a one-item list', () => {
    const s = normalizeNewsSearch({ importance: 'high', symbols: 'BTC', sources: ['twitter', 'rss'] });
    expect(s.importance).toEqual(['high']);
    expect(s.symbols).toEqual(['BTC']);
    expect(s.sources).toEqual(['twitter', 'rss']);
  });

  it('keeps onePctMovement only when true', () => {
    expect(normalizeNewsSearch({ onePctMovement: true }).onePctMovement).toBe(true);
    expect(normalizeNewsSearch({ onePctMovement: false }).onePctMovement).toBeUndefined();
    expect(normalizeNewsSearch({ onePctMovement: 'yes' }).onePctMovement).toBeUndefined();
  });

  it('keeps search text and the sort', () => {
    expect(normalizeNewsSearch({ search: 'etf', sortBy: 'importance', sortOrder: 'asc' })).toMatchObject({
      search: 'etf',
      sortBy: 'importance',
      sortOrder: 'asc',
    });
  });

  it('applies the server rules, so the URL shows what the feed query uses', () => {
    expect(normalizeNewsSearch({ limit: 5000 }).limit).toBe(1000);
    expect(normalizeNewsSearch({ limit: 0 }).limit).toBe(1);
    expect(normalizeNewsSearch({ limit: '12.9' }).limit).toBe(12);
    expect(normalizeNewsSearch({ symbols: ['btc', ' Eth ', 'BTC'] }).symbols).toEqual(['BTC', 'ETH']);
    expect(normalizeNewsSearch({ importance: 'HIGH' }).importance).toEqual(['high']);
    expect(normalizeNewsSearch({ sources: ['', 'rss'] }).sources).toEqual(['rss']);
    expect(normalizeNewsSearch({ search: '  etf  ' }).search).toBe('etf');
    expect(normalizeNewsSearch({ search: 'x'.repeat(300) }).search).toHaveLength(200);
    expect(normalizeNewsSearch({ sortBy: 'title' }).sortBy).toBe('timestamp');
    expect(normalizeNewsSearch({ sortOrder: 'ASC' }).sortOrder).toBe('desc');
  });

  it('names every key, so a value the normalisation drops also leaves the URL', () => {
    expect(Object.keys(normalizeNewsSearch({ symbols: '' })).sort()).toEqual([
      'importance',
      'limit',
      'onePctMovement',
      'search',
      'sortBy',
      'sortOrder',
      'sources',
      'symbols',
      'watchOnly',
    ]);
    expect(normalizeNewsSearch({ symbols: '' }).symbols).toBeUndefined();
  });
});
