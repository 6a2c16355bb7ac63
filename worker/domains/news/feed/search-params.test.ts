import { describe, expect, it } from 'vitest';
import { normaliseFeedSearch } from './search-params';

const DEFAULTS = {
  limit: 200,
  sortBy: 'timestamp',
  sortOrder: 'desc',
  excludeGarbage: true,
  excludeTestNews: true,
  includeMetadata: true,
};

// One test per row of docs/PRODUCT-RULES.md §3 "News feed search parameters", then §7's three fixed flags.
describe('docs/PRODUCT-RULES.md §3 news feed search parameters', () => {
  it('an empty search gives the defaults (§9: limit 200, timestamp descending) and nothing else', () => {
    expect(normaliseFeedSearch({})).toEqual(DEFAULTS);
    expect(Object.keys(normaliseFeedSearch({}))).toEqual(Object.keys(DEFAULTS));
  });

  it('limit: default 200; falls back to 200 if not a number; clamped to 1..1000', () => {
    const limit = (value: unknown) => normaliseFeedSearch({ limit: value }).limit;
    expect(limit(undefined)).toBe(200);
    expect(limit(50)).toBe(50);
    expect(limit('50')).toBe(50);
    expect(limit(' 75 ')).toBe(75);
    expect(limit('abc')).toBe(200);
    expect(limit('')).toBe(200);
    expect(limit('  ')).toBe(200);
    expect(limit(null)).toBe(200);
    expect(limit(true)).toBe(200);
    expect(limit(['50'])).toBe(200);
    expect(limit({})).toBe(200);
    expect(limit(Number.NaN)).toBe(200);
    expect(limit(Number.POSITIVE_INFINITY)).toBe(200);
    expect(limit('Infinity')).toBe(200);
    expect(limit(0)).toBe(1);
    expect(limit(-5)).toBe(1);
    expect(limit(12.9)).toBe(12);
    expect(limit(5000)).toBe(1000);
    expect(limit('1e9')).toBe(1000);
  });

  it('importance: list; a lone value becomes a one-item list', () => {
    const importance = (value: unknown) => normaliseFeedSearch({ importance: value }).importance;
    expect(importance('high')).toEqual(['high']);
    expect(importance(['high', 'critical'])).toEqual(['high', 'critical']);
    expect(importance(['High', ' high ', 'LOW'])).toEqual(['high', 'low']);
    expect(importance('')).toBeUndefined();
    expect(importance([])).toBeUndefined();
    expect(importance(['', null, {}, true])).toBeUndefined();
    expect(importance(undefined)).toBeUndefined();
  });

  it('symbols: list; a lone value becomes a one-item list (uppercased)', () => {
    const symbols = (value: unknown) => normaliseFeedSearch({ symbols: value }).symbols;
    expect(symbols('btc')).toEqual(['BTC']);
    expect(symbols(['btc', 'ETH', 'Btc', ' sol '])).toEqual(['BTC', 'ETH', 'SOL']);
    expect(symbols('')).toBeUndefined();
    expect(symbols([''])).toBeUndefined();
    expect(symbols(Array.from({ length: 80 }, (_, i) => `S${i}`))).toHaveLength(50);
  });

  it('sources: list', () => {
    const sources = (value: unknown) => normaliseFeedSearch({ sources: value }).sources;
    expect(sources(['twitter', 'rss'])).toEqual(['twitter', 'rss']);
    expect(sources('twitter')).toEqual(['twitter']);
    expect(sources(['', 'rss', 'rss'])).toEqual(['rss']);
    expect(sources([])).toBeUndefined();
  });

  it('search: text (trimmed; empty dropped)', () => {
    const search = (value: unknown) => normaliseFeedSearch({ search: value }).search;
    expect(search('  bitcoin etf ')).toBe('bitcoin etf');
    expect(search(2024)).toBe('2024');
    expect(search('')).toBeUndefined();
    expect(search('   ')).toBeUndefined();
    expect(search(['btc'])).toBeUndefined();
    expect(search('x'.repeat(300))).toHaveLength(200);
  });

  it.each([
    {
      title: 'sortBy: default timestamp (timestamp or importance)',
      key: 'sortBy',
      cases: [
        [undefined, 'timestamp'],
        ['importance', 'importance'],
        ['timestamp', 'timestamp'],
        ['title; DROP TABLE news_items', 'timestamp'],
        ['', 'timestamp'],
        [['importance'], 'timestamp'],
      ],
    },
    {
      title: 'sortOrder: default desc (asc or desc)',
      key: 'sortOrder',
      cases: [
        [undefined, 'desc'],
        ['asc', 'asc'],
        ['desc', 'desc'],
        ['ASC', 'desc'],
        ['up', 'desc'],
      ],
    },
  ] as const)('$title', ({ key, cases }) => {
    for (const [value, expected] of cases)
      expect(normaliseFeedSearch({ [key]: value })[key], JSON.stringify(value)).toBe(expected);
  });

  it('onePctMovement: boolean; kept only when true', () => {
    const has = (value: unknown) => 'onePctMovement' in normaliseFeedSearch({ onePctMovement: value });
    expect(normaliseFeedSearch({ onePctMovement: true }).onePctMovement).toBe(true);
    expect(normaliseFeedSearch({ onePctMovement: 'true' }).onePctMovement).toBe(true);
    for (const value of [false, 'false', 1, '1', 'yes', '', null, undefined, ['true']]) expect(has(value)).toBe(false);
  });

  it('§7: excludeGarbage, excludeTestNews, includeMetadata default true; only explicit false turns them off', () => {
    expect(normaliseFeedSearch({ excludeGarbage: false, excludeTestNews: false, includeMetadata: false })).toMatchObject({
      excludeGarbage: false,
      excludeTestNews: false,
      includeMetadata: false,
    });
    expect(normaliseFeedSearch({ excludeGarbage: 'false', excludeTestNews: 0, includeMetadata: null })).toMatchObject({
      excludeGarbage: true,
      excludeTestNews: true,
      includeMetadata: true,
    });
  });
});

it('normalises a full URL search like the feed sends it', () => {
  expect(
    normaliseFeedSearch({
      limit: '50',
      importance: 'high',
      symbols: ['btc', 'eth'],
      sources: 'twitter',
      search: ' $BTC ETF ',
      sortBy: 'importance',
      sortOrder: 'asc',
      onePctMovement: 'true',
      unknown: 'ignored',
    }),
  ).toEqual({
    limit: 50,
    importance: ['high'],
    symbols: ['BTC', 'ETH'],
    sources: ['twitter'],
    search: '$BTC ETF',
    sortBy: 'importance',
    sortOrder: 'asc',
    onePctMovement: true,
    excludeGarbage: true,
    excludeTestNews: true,
    includeMetadata: true,
  });
});
