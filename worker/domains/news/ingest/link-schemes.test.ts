import { beforeAll, describe, expect, it } from 'vitest';
import { newsItems } from '../../../db/schema-news';
import type { UserRow } from '../../../db/schema/users';
import { SimulatedExchange } from '../../../exchanges/simulated/adapter';
import { parseFeed } from '../../../providers/rss/feed';
import { db, newsDb, insertUser, rpcClient, signedInJar } from '../../../test/harness';
import { feedItemToRaw } from '../sources/rss-poller';
import { ingestNews } from './ingest';
import { storeNewsItem } from './news-store';
import { classify } from './pipeline';

const HOSTILE = ['javascript:alert(1)', 'JaVaScRiPt:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd'];
const deps = () => ({ db, newsDb, publish: async () => {}, exchange: new SimulatedExchange() });

let admin: UserRow;
beforeAll(async () => {
  admin = await insertUser({ role: 'admin' });
});

describe('only http(s) links are stored (security point 8)', () => {
  it('refuses a manual headline with another scheme at the boundary (400) and stores nothing', async () => {
    const client = rpcClient(await signedInJar(admin));
    for (const url of HOSTILE) {
      await expect(client.postManualNews({ title: `Headline with ${url}`, url, isTest: true }), url).rejects.toMatchObject({
        status: 400,
      });
    }
    const posted = await client.postManualNews({ title: 'A fine link', url: 'https://example.com/a', isTest: true });
    expect(posted.item?.url).toBe('https://example.com/a');
    const rows = await newsDb.select({ url: newsItems.url }).from(newsItems);
    expect(rows.map((r) => r.url)).toEqual(['https://example.com/a']);
  });

  it('drops the link of an RSS item with another scheme and keeps the headline', async () => {
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>F</title>${HOSTILE.map(
      (link, i) => `<item><title>Feed story ${i}</title><link>${link.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</link><guid>g${i}</guid></item>`,
    ).join('')}</channel></rss>`;
    const parsed = parseFeed(xml, { baseUrl: 'https://feed.example/rss' });
    if (!parsed.ok) throw new Error(parsed.error.reason);
    expect(parsed.feed.items).toHaveLength(HOSTILE.length);
    for (const item of parsed.feed.items) {
      const raw = feedItemToRaw({ id: 'rss-hostile', kind: 'rss', name: 'Hostile' }, item, Date.now());
      expect((await ingestNews(deps(), raw)).status).toBe('stored');
    }
    const stored = await newsDb.query.newsItems.findMany({ where: (n, { eq }) => eq(n.sourceId, 'rss-hostile') });
    expect(stored).toHaveLength(HOSTILE.length);
    expect(stored.every((row) => row.url === null)).toBe(true);
  });

  it('never writes another scheme even when a caller bypasses normalisation', async () => {
    const draft = classify(
      { source: { id: 'direct', kind: 'rss', name: 'D' }, externalId: 'x1', publishedAt: Date.now(), receivedAt: Date.now(), title: 'Direct draft' },
      { specialMappings: [], bannedMappings: [], customRules: [], knownSymbols: [] },
    )!;
    const item = await storeNewsItem(newsDb, { ...draft, url: 'javascript:alert(1)' }, {});
    expect(item?.url).toBeNull();
    const row = await newsDb.query.newsItems.findFirst({ where: (n, { eq }) => eq(n.sourceId, 'direct') });
    expect(row?.url).toBeNull();
  });
});
