import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ftsPhrase, toFtsQuery } from './fts-query';

describe('toFtsQuery', () => {
  it.each([
    ['bitcoin', '"bitcoin"*'],
    ['bitcoin etf', '"bitcoin" "etf"*'],
    ['  Bitcoin   ETF  ', '"Bitcoin" "ETF"*'],
    ['$BTC', '"BTC"*'],
    ['$btc $eth', '"btc" "eth"*'],
    ['U.S. SEC', '"U S" "SEC"*'],
    ["Binance's", '"Binance s"*'],
    ['bitcoin AND etf OR NOT sec', '"bitcoin" "etf" "sec"*'],
    ['and or not', '"and" "or" "not"*'],
    ['NEAR(bitcoin etf)', '"bitcoin" "etf"*'],
    ['title:hack', '"title hack"*'],
    ['-scam +pump ^start', '"scam" "pump" "start"*'],
    ['"unclosed quote', '"unclosed" "quote"*'],
    ['a"b', '"a b"*'],
    ['Café crème', '"Café" "crème"*'],
    ['比特币 ETF', '"比特币" "ETF"*'],
    ['🚀 moon 🌕', '"moon"*'],
    ['ＢＴＣ', '"BTC"*'],
  ])('%j → %s', (input, expected) => {
    expect(toFtsQuery(input)).toBe(expected);
  });

  it.each(['', '   ', '"', '*', '"*"', 'AND OR NOT', '(', ')', 'NEAR(', '-', ':', '🚀🌕', '\u200B', '^', '""""', '{}[]'])(
    '%j has nothing searchable → null',
    (input) => {
      expect(toFtsQuery(input)).toBeNull();
    },
  );

  it('returns null for non-strings', () => {
    expect(toFtsQuery(undefined)).toBeNull();
    expect(toFtsQuery(42)).toBeNull();
  });

  it('can leave out the prefix star', () => {
    expect(toFtsQuery('bitcoin etf', { prefix: false })).toBe('"bitcoin" "etf"');
  });

  it('caps words and token length', () => {
    expect(toFtsQuery(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '))?.split(' ')).toHaveLength(16);
    expect(toFtsQuery('x'.repeat(100))).toBe(`"${'x'.repeat(64)}"*`);
  });

  it('doubles inner quotes in phrases', () => {
    expect(ftsPhrase('say "hi"')).toBe('"say ""hi"""');
  });
});

// The real check: every odd input must be accepted by SQLite's FTS5 parser in D1.
describe('against D1 FTS5', () => {
  beforeAll(async () => {
    const insert = env.NEWS_DB.prepare(
      `INSERT INTO news_items (ts, received_at, source_id, source_kind, title, body, symbols, importance, dedup_key, metadata)
       VALUES (?, ?, 's', 'twitter', ?, ?, '[]', 'low', ?, '{}')`,
    );
    await env.NEWS_DB.batch([
      insert.bind(1, 1, 'Bitcoin ETF approved by the U.S. SEC', '$BTC rallies', 'k1'),
      insert.bind(2, 2, "Binance's Café crème listing", 'Ethereum NEAR protocol', 'k2'),
      insert.bind(3, 3, '比特币 ETF news', null, 'k3'),
    ]);
  });

  const search = async (input: string) => {
    const match = toFtsQuery(input);
    if (match === null) return null;
    const { results } = await env.NEWS_DB.prepare('SELECT rowid AS id FROM news_fts WHERE news_fts MATCH ? ORDER BY rowid')
      .bind(match)
      .all<{ id: number }>();
    return results.map((r) => r.id);
  };

  it.each([
    ['bitc', [1]],
    ['$BTC', [1]],
    ['bitcoin AND etf', [1]],
    ['u.s. sec', [1]],
    ['etf', [1, 3]],
    ['cafe creme', [2]],
    ["binance's", [2]],
    ['near', [2]],
    ['NEAR(ethereum', [2]],
    ['比特币', [3]],
    ['nothing here', []],
  ])('%j finds %j', async (input, ids) => {
    expect(await search(input)).toEqual(ids);
  });

  const ODD = [
    '"',
    '""',
    '"bitcoin',
    'bit"coin',
    '*',
    '*bitcoin',
    'bitcoin*',
    'AND',
    'OR NOT',
    'bitcoin AND',
    'NOT bitcoin',
    '(',
    ')(',
    '(bitcoin OR',
    'NEAR(',
    'NEAR(a b, 2)',
    '-',
    '-bitcoin',
    ':',
    'title:',
    'title:bitcoin',
    '{title body}: x',
    '^bitcoin',
    '+',
    "'; DROP TABLE news_items; --",
    '\\',
    '🚀',
    '🚀 BTC 🌕',
    '👨‍👩‍👧',
    '\u0000\u0007',
    '\u200B\u200D',
    'ﬁnance',
    'Ωμέγα',
    'a'.repeat(1000),
    Array.from({ length: 100 }, () => 'x').join(' '),
  ];

  it('the harness does see syntax errors when the input is passed raw', async () => {
    for (const bad of ['"', 'bitcoin AND', 'NEAR(', '(', 'nosuchcolumn:x', '-x']) {
      await expect(env.NEWS_DB.prepare('SELECT rowid FROM news_fts WHERE news_fts MATCH ?').bind(bad).all()).rejects.toThrow();
    }
  });

  it.each(ODD)('never raises an FTS syntax error for %j', async (input) => {
    const ids = await search(input);
    expect(ids === null || Array.isArray(ids)).toBe(true);
  });
});
