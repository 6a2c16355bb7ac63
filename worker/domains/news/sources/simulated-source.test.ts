import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsSources, specialMappings } from '../../../db/schema/news';
import { newsItems } from '../../../db/schema-news';
import { SimulatedExchange } from '../../../exchanges/simulated/adapter';
import { db, newsDb, testEnv } from '../../../test/harness';
import type { IngestDeps } from '../ingest/ingest';
import { newsHubPublisher } from '../../../wiring/news-ingest';
import { invalidateClassifyConfig, KNOWN_SYMBOLS } from '../ingest/classify-config';
import { classify } from '../ingest/pipeline';
import { priceAt } from '../../../exchanges/simulated/market';
import { SIM_SOURCE_PREFIX, SIM_SOURCES } from './simulated-outlets';
import { generateSimulatedNews, runNewsSimulator } from './simulated-source';
import { usd } from './simulated-words';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 21, 9, 30);

describe('generateSimulatedNews (pure)', () => {
  it('is a function of the minute: same tick, same items', () => {
    expect(generateSimulatedNews(T0 + 12_345)).toEqual(generateSimulatedNews(T0 + 59_999));
    expect(generateSimulatedNews(T0)).not.toEqual(generateSimulatedNews(T0 + MIN));
  });

  it('3–6 items per tick, spread over the minute before it, with unique external ids', () => {
    for (let k = 0; k < 200; k++) {
      const tick = T0 + k * MIN;
      const items = generateSimulatedNews(tick);
      expect(items.length).toBeGreaterThanOrEqual(3);
      expect(items.length).toBeLessThanOrEqual(6);
      for (const item of items) {
        expect(item.publishedAt).toBeGreaterThanOrEqual(tick - MIN);
        expect(item.publishedAt).toBeLessThan(tick);
        expect(item.receivedAt).toBeGreaterThanOrEqual(item.publishedAt);
        expect(item.receivedAt).toBeLessThanOrEqual(tick);
        expect(SIM_SOURCES.map((s) => s.id)).toContain(item.source.id);
        expect(item.title.length).toBeGreaterThan(5);
        // No article exists: no link, rather than a made-up URL on a real site.
        expect(item.url).toBeUndefined();
      }
      expect(items.map((i) => i.publishedAt)).toEqual([...items.map((i) => i.publishedAt)].sort((a, b) => a - b));
      expect(new Set(items.map((i) => i.externalId)).size).toBe(items.length);
    }
  });

  it('over a day: every kind of source, varied importance, some garbage and test items, repeated stories', () => {
    const config = {
      specialMappings: [
        { id: 'btc', terms: ['bitcoin', 'btc'], symbols: ['BTC'] },
        { id: 'eth', terms: ['ethereum', 'ether', 'eth'], symbols: ['ETH'] },
        { id: 'sol', terms: ['solana'], symbols: ['SOL'] },
      ],
      bannedMappings: [
        { id: 'bch', terms: ['bitcoin cash'], symbols: ['BTC'] },
        { id: 'spam', terms: ['giveaway', 'claim your free'], symbols: [] },
      ],
      customRules: [
        {
          id: 'hacks',
          name: 'Hacks',
          enabled: true,
          priority: 200,
          conditions: { text: 'hack|exploit', isRegex: true },
          actions: { importance: 'critical' as const, forwardToTelegram: true },
        },
      ],
      knownSymbols: KNOWN_SYMBOLS,
    };
    const raws = Array.from({ length: 1440 }, (_, k) => generateSimulatedNews(T0 + k * MIN)).flat();
    const drafts = raws.map((r) => classify(r, config)!);
    const count = (pred: (d: (typeof drafts)[number]) => boolean) => drafts.filter(pred).length;
    expect(new Set(raws.map((r) => r.source.kind))).toEqual(new Set(['twitter', 'rss', 'telegram']));
    for (const importance of ['critical', 'high', 'medium', 'low'] as const) {
      expect(count((d) => d.importance === importance)).toBeGreaterThan(20);
    }
    expect(count((d) => d.isGarbage) / drafts.length).toBeGreaterThan(0.01);
    expect(count((d) => d.isGarbage) / drafts.length).toBeLessThan(0.08);
    expect(count((d) => d.isTest)).toBeGreaterThan(5);
    expect(count((d) => d.symbols.includes('BTC')) / drafts.length).toBeGreaterThan(0.2);
    expect(count((d) => d.metadata.bannedBy.includes('bch'))).toBeGreaterThan(0);
    // the same story from two sources a few seconds apart (the dedupe keeps one)
    const keys = drafts.map((d) => d.dedupKey);
    expect(keys.filter((k, i) => keys[i - 1] === k).length).toBeGreaterThan(20);
  });

  it("states the simulated market's own prices: levels crossed and prices quoted are near the price at publish", () => {
    const coins: [pattern: RegExp, market: string, unit: number][] = [
      [/\bBitcoin\b(?! Cash)|\$BTC\b/, 'BTC', 1],
      [/Ethereum|\$ETH\b/, 'ETH', 1],
      [/Solana|\$SOL\b/, 'SOL', 1],
      [/Chainlink|\$LINK\b/, 'LINK', 1],
      [/\bSui\b|\$SUI\b/, 'SUI', 1],
      [/\bPepe\b|\$PEPE\b/, '1000PEPE', 1000],
      [/Litecoin|\$LTC\b/, 'LTC', 1],
      [/Avalanche|\$AVAX\b/, 'AVAX', 1],
    ];
    const level = /(?:breaks|reclaims|tops|falls below|drops under|slips below|trading at) \$([\d,.]+)/i;
    let checked = 0;
    for (let k = 0; k < 1440; k++) {
      for (const item of generateSimulatedNews(T0 + k * MIN)) {
        const stated = level.exec(item.title);
        const coin = coins.find(([pattern]) => pattern.test(item.title));
        if (!stated || !coin) continue;
        const price = priceAt(coin[1], item.publishedAt) / coin[2];
        const value = Number(stated[1]!.replace(/,/g, ''));
        expect(Math.abs(value - price) / price, item.title).toBeLessThan(0.12);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('comes from fictional outlets and authors', () => {
    const real =
      /WatcherGuru|tier10k|WuBlockchain|lookonchain|CoinDesk|The Block|Tree News|BWE|Godbole|Braun|Van Straten|Sandor|Copeland|Chawla/i;
    for (const source of SIM_SOURCES) {
      expect(source.name).not.toMatch(real);
      expect(source.id.startsWith(SIM_SOURCE_PREFIX)).toBe(true);
    }
    for (let k = 0; k < 600; k++)
      for (const item of generateSimulatedNews(T0 + k * MIN)) expect(item.author ?? '').not.toMatch(real);
  });

  it('formats prices like a trader would read them', () => {
    expect([97_412.3, 3_400, 187.25, 190, 2.3, 0.38123, 0.0000095].map(usd)).toEqual([
      '$97,412',
      '$3,400',
      '$187.3',
      '$190',
      '$2.3',
      '$0.3812',
      '$0.0000095',
    ]);
  });
});

describe('runNewsSimulator', () => {
  const ingest: IngestDeps = { db, newsDb, publish: newsHubPublisher(testEnv), exchange: new SimulatedExchange() };

  it('ingests the tick through the pipeline, skips disabled simulated sources, records health', async () => {
    await db.insert(specialMappings).values({ id: 'btc', terms: ['bitcoin'], symbols: ['BTC'], createdAt: T0, updatedAt: T0 });
    invalidateClassifyConfig();
    const tick = T0 + 7 * MIN;
    const generated = generateSimulatedNews(tick);
    const off = generated[0]!.source.id;
    await db.insert(newsSources).values(
      SIM_SOURCES.map((s) => ({
        id: s.id,
        kind: 'simulated' as const,
        name: s.name,
        config: {},
        enabled: s.id !== off,
        createdAt: T0,
      })),
    );
    const result = await runNewsSimulator({ db, ingest, now: tick });
    const skipped = generated.filter((g) => g.source.id === off).length;
    expect(result).toMatchObject({ generated: generated.length, skipped });
    expect(result.stored + result.duplicates).toBe(generated.length - skipped);
    const stored = await newsDb.select().from(newsItems).where(like(newsItems.sourceId, 'sim:%'));
    expect(stored).toHaveLength(result.stored);
    expect(stored.every((i) => i.sourceId !== off)).toBe(true);
    const used = await db.query.newsSources.findFirst({ where: eq(newsSources.id, stored[0]!.sourceId) });
    expect(used!.lastSuccessAt).toBe(tick);

    // the same tick again stores nothing new
    expect((await runNewsSimulator({ db, ingest, now: tick + 5_000 })).stored).toBe(0);
  });
});
