import { describe, expect, it } from 'vitest';
import { dedupKey } from './dedupe';
import { classify, testRuleAgainst } from './pipeline';
import type { ClassifyConfig, CustomRule, NewsItemDraft, RawNewsItem } from '../types';

const T = 1_800_000_000_000;
const raw = (over: Partial<RawNewsItem> = {}): RawNewsItem => ({
  source: { id: 'src-wire', kind: 'twitter', name: 'Wire' },
  externalId: '1',
  publishedAt: T - 2000,
  receivedAt: T,
  title: 'Ethereum Classic and $SOL rally',
  ...over,
});
const config = (over: Partial<ClassifyConfig> = {}): ClassifyConfig => ({
  specialMappings: [
    { id: 'eth', terms: ['ethereum'], symbols: ['ETH'] },
    { id: 'etc', terms: ['ethereum classic'], symbols: ['ETC'] },
    { id: 'btc', terms: ['bitcoin'], symbols: ['BTC'] },
  ],
  bannedMappings: [
    { id: 'beach', terms: ['solana beach'], symbols: ['SOL'] },
    { id: 'spam', terms: ['giveaway'], symbols: [] },
  ],
  customRules: [],
  knownSymbols: ['BTC', 'ETH', 'SOL'],
  ...over,
});
const rule = (over: Partial<CustomRule>): CustomRule => ({
  id: 'r',
  name: 'R',
  enabled: true,
  priority: 1,
  conditions: {},
  actions: {},
  ...over,
});

describe('classify', () => {
  it('normalises, tags, and gives a default importance', () => {
    const draft = classify(
      raw({ title: '  🚨 Ethereum Classic and $SOL rally ', url: 'https://x.com/a?utm_source=t#f' }),
      config(),
    );
    expect(draft).toEqual<NewsItemDraft>({
      title: '🚨 Ethereum Classic and $SOL rally',
      body: undefined,
      url: 'https://x.com/a',
      author: undefined,
      externalId: '1',
      ts: T - 2000,
      publishedAt: T - 2000,
      receivedAt: T,
      sourceId: 'src-wire',
      sourceKind: 'twitter',
      isTest: false,
      symbols: ['ETC', 'SOL'],
      importance: 'medium',
      isGarbage: false,
      dedupKey: dedupKey({ title: 'Ethereum Classic and $SOL rally' }),
      forwardToTelegram: false,
      sound: null,
      metadata: { matchedSpecialMappings: ['etc'], bannedBy: [], matchedRules: [] },
    });
  });

  it('returns null for an item without a title', () => {
    expect(classify(raw({ title: ' \u200B ' }), config())).toBeNull();
  });

  it('applies banned mappings after special mappings', () => {
    const draft = classify(raw({ title: 'Bitcoin conference at $SOL Solana Beach' }), config());
    expect(draft?.symbols).toEqual(['BTC']);
    expect(draft?.metadata.bannedBy).toEqual(['beach']);
    const spam = classify(raw({ title: 'Bitcoin giveaway, click now' }), config());
    expect(spam?.isGarbage).toBe(true);
    expect(spam?.importance).toBe('medium');
  });

  it('defaults importance: low without symbols, high with an urgent keyword', () => {
    expect(classify(raw({ title: 'Markets are calm' }), config())?.importance).toBe('low');
    expect(classify(raw({ title: 'Exchange hacked' }), config())?.importance).toBe('high');
  });

  it('runs custom rules after mappings; rules see the mapped symbols and can undo garbage', () => {
    const rules = [
      rule({
        id: 'sol-critical',
        priority: 1,
        conditions: { symbols: ['SOL'] },
        actions: { importance: 'critical', forwardToTelegram: true },
      }),
      rule({
        id: 'keep-giveaway',
        priority: 2,
        conditions: { text: 'official giveaway' },
        actions: { garbage: false, sound: true },
      }),
    ];
    const draft = classify(raw({ title: '$SOL official giveaway' }), config({ customRules: rules }));
    expect(draft).toMatchObject({
      symbols: ['SOL'],
      importance: 'critical',
      isGarbage: false,
      forwardToTelegram: true,
      sound: true,
      metadata: { bannedBy: ['spam'], matchedRules: ['sol-critical', 'keep-giveaway'] },
    });
  });

  it('keeps going when a stored rule has a broken regex', () => {
    const rules = [
      rule({ id: 'bad', conditions: { text: '.{0,1000}.{0,1000}x', isRegex: true }, actions: { importance: 'critical' } }),
      rule({ id: 'worse', conditions: { text: '[', isRegex: true }, actions: { importance: 'critical' } }),
    ];
    expect(classify(raw(), config({ customRules: rules }))?.importance).toBe('medium');
  });

  it('gives the same dedup key to the same headline from two sources', () => {
    const a = classify(raw({ title: 'BREAKING: SEC approves spot ETH ETFs' }), config());
    const b = classify(
      raw({ source: { id: 'rss-1', kind: 'rss', name: 'Feed' }, title: '<b>SEC approves spot ETH ETFs</b>' }),
      config(),
    );
    expect(a?.dedupKey).toBe(b?.dedupKey);
  });
});

describe('testRuleAgainst', () => {
  const items = [
    {
      id: 1,
      title: 'Exchange hacked',
      sourceId: 's1',
      sourceKind: 'twitter' as const,
      symbols: ['BTC'],
      importance: 'high' as const,
    },
    {
      id: 2,
      title: 'ETH upgrade live',
      sourceId: 's2',
      sourceKind: 'rss' as const,
      symbols: ['ETH'],
      importance: 'medium' as const,
    },
    { id: 3, title: 'Calm day', sourceId: 's1', sourceKind: 'twitter' as const, symbols: [], importance: 'low' as const },
  ];

  it('returns the matching items, even for a disabled rule', () => {
    const r = rule({ enabled: false, conditions: { importanceAtLeast: 'medium' } });
    expect(testRuleAgainst(r, items)).toEqual({ error: null, tested: 3, matches: [items[0], items[1]] });
    expect(testRuleAgainst(rule({ conditions: { sources: ['rss'] } }), items).matches.map((i) => i.id)).toEqual([2]);
  });

  it('reports a bad regex instead of throwing', () => {
    const out = testRuleAgainst(rule({ conditions: { text: '(x', isRegex: true } }), items);
    expect(out.matches).toEqual([]);
    expect(out.error).toMatch(/^Invalid regular expression/);
  });

  it('stops where the work budget runs out and says so', () => {
    // a{500} compiles to ~500 instructions: 5,000 characters cost ~2.5M units, so ~8 fit in 20M.
    const long = Array.from({ length: 200 }, (_, i) => ({ ...items[2]!, id: i, title: 'b'.repeat(5000) }));
    const out = testRuleAgainst(rule({ conditions: { text: 'a{500}', isRegex: true } }), long);
    expect(out.tested).toBeGreaterThan(0);
    expect(out.tested).toBeLessThan(20);
    expect(out.error).toMatch(/too costly to run on all 200 items; stopped after \d+/);
  });
});
