import fc from 'fast-check';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import type { WatchEntry } from '../../contract/watchlists';
import { RegexBudget } from '../news/tagging/rule-regex';
import { WatchIndex, words, type OwnedWatchlist, type WatchSubject } from './watch-index';

const VOCABULARY = ['solana', 'exploit', 'bridge', 'etf', 'binance', 'will', 'list', 'Café', 'ＢＴＣ', 'btc', 'hack', 'u', 's'];
const SYMBOLS = ['BTC', 'ETH', 'SOL', 'DOGE'];
const PATTERNS = ['expl(oit|ore)', '\\bhack', 'list(ing)?\\s+\\w+', 'caf[eé]', '^solana'];

/** The plain reading of one list: any entry holds, each entry tested on its own. */
function naiveHits(list: OwnedWatchlist, subject: WatchSubject): boolean {
  const text = (subject.body ? `${subject.title}\n${subject.body}` : subject.title).normalize('NFKC');
  const tokens = words(text).join(' ');
  return list.entries.some((entry) => {
    if (entry.kind === 'symbol') return subject.symbols.some((s) => s.toUpperCase() === entry.value.toUpperCase());
    if (entry.kind === 'word') {
      const phrase = words(entry.value).join(' ');
      return phrase !== '' && ` ${tokens} `.includes(` ${phrase} `);
    }
    return RE2JS.compile(entry.value, RE2JS.CASE_INSENSITIVE).test(text);
  });
}

const entry: fc.Arbitrary<WatchEntry> = fc.oneof(
  fc.constantFrom(...SYMBOLS).map((value) => ({ kind: 'symbol' as const, value })),
  fc
    .array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 3 })
    .map((ws) => ({ kind: 'word' as const, value: ws.join(' ') })),
  fc.constantFrom(...PATTERNS).map((value) => ({ kind: 'pattern' as const, value })),
);
const lists = fc.array(
  fc.record({ userId: fc.constantFrom('u1', 'u2', 'u3', 'u4'), entries: fc.array(entry, { minLength: 1, maxLength: 6 }) }),
  { maxLength: 12 },
);
const subject: fc.Arbitrary<WatchSubject> = fc.record({
  title: fc
    .array(fc.constantFrom(...VOCABULARY, '$SOL', '—', 'listing', 'exploited'), { maxLength: 10 })
    .map((ws) => ws.join(' ')),
  body: fc.option(fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 6 }).map((ws) => ws.join(' '))),
  symbols: fc.uniqueArray(fc.constantFrom(...SYMBOLS), { maxLength: 3 }),
});

describe('the watchlist index', () => {
  it('hits exactly the lists the plain reading of every entry hits (any lists, any headline)', () => {
    fc.assert(
      fc.property(lists, subject, (drawn, item) => {
        const owned = drawn.map((l, i) => ({ ...l, id: `list-${i}` }));
        const got = new WatchIndex(owned).match(item);
        const want = new Map<string, Set<string>>();
        for (const list of owned)
          if (naiveHits(list, item)) want.set(list.userId, new Set([...(want.get(list.userId) ?? []), list.id]));
        expect(got).toEqual(want);
      }),
      { numRuns: 2000 },
    );
  });

  it('matches whole words and phrases, case- and width-blind, symbols by tag', () => {
    const index = new WatchIndex([
      { id: 'a', userId: 'u1', entries: [{ kind: 'word', value: 'Bridge Exploit' }] },
      { id: 'b', userId: 'u1', entries: [{ kind: 'word', value: 'btc' }] },
      { id: 'c', userId: 'u2', entries: [{ kind: 'symbol', value: 'SOL' }] },
    ]);
    expect(index.match({ title: 'Wormhole bridge exploit drains $4M', symbols: [] })).toEqual(new Map([['u1', new Set(['a'])]]));
    expect(index.match({ title: 'Bridge exploited', symbols: [] })).toEqual(new Map());
    expect(index.match({ title: 'ＢＴＣ breaks out', symbols: ['SOL'] })).toEqual(
      new Map([
        ['u1', new Set(['b'])],
        ['u2', new Set(['c'])],
      ]),
    );
  });

  it('runs each distinct pattern once for the desk, and stops at the regex budget', () => {
    const shared = Array.from({ length: 500 }, (_, i) => ({
      id: `l${i}`,
      userId: `u${i}`,
      entries: [{ kind: 'pattern' as const, value: 'expl(oit|ore)' }],
    }));
    const hits = new WatchIndex(shared).match({ title: 'Protocol exploit', symbols: [] });
    expect(hits.size).toBe(500);
    const budget = new RegexBudget(10);
    expect(new WatchIndex(shared).match({ title: 'Protocol exploit', symbols: [] }, budget).size).toBe(0);
    expect(budget.exhausted).toBe(true);
  });
});
