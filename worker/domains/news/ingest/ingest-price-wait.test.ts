import { describe, expect, it } from 'vitest';
import type { NewsItemDto } from '../../../contract/news';
import { SimulatedExchange } from '../../../exchanges/simulated/adapter';
import type { ExchangeAdapter } from '../../../exchanges/types';
import { db, newsDb } from '../../../test/harness';
import { ingestNews } from './ingest';

const sim = new SimulatedExchange();
const raw = (title: string) => ({
  source: { id: 'price-wait', kind: 'manual' as const, name: 'Test' },
  externalId: crypto.randomUUID(),
  publishedAt: Date.now(),
  receivedAt: Date.now(),
  title,
});

describe('price at publish', () => {
  it('a hanging exchange does not hold the headline: it is stored and pushed without prices', async () => {
    const hanging: ExchangeAdapter = Object.assign(Object.create(sim) as ExchangeAdapter, {
      getMarkPrices: () => new Promise<Record<string, number>>(() => {}),
    });
    const published: NewsItemDto[] = [];
    const result = await ingestNews(
      { db, newsDb, exchange: hanging, publish: async (item) => void published.push(item) },
      raw('Exchange hangs while this lands'),
      { addSymbols: ['BTC'] },
    );
    expect(result.status).toBe('stored');
    expect(published).toHaveLength(1);
    expect(published[0]!.symbols).toContain('BTC');
    const row = await newsDb.query.newsItems.findFirst({ where: (n, { eq }) => eq(n.title, 'Exchange hangs while this lands') });
    expect(row?.metadata.priceAtPublish ?? {}).toEqual({});
  });

  it('an answering exchange gives the price at publish', async () => {
    const result = await ingestNews({ db, newsDb, exchange: sim, publish: async () => {} }, raw('Exchange answers while this lands'), {
      addSymbols: ['BTC'],
    });
    expect(result.status).toBe('stored');
    const row = await newsDb.query.newsItems.findFirst({ where: (n, { eq }) => eq(n.title, 'Exchange answers while this lands') });
    expect((row?.metadata.priceAtPublish as Record<string, number> | undefined)?.BTC).toBeGreaterThan(0);
  });
});
