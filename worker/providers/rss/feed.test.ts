import { describe, expect, it } from 'vitest';
import { COINDESK_RSS, SAMPLE_ATOM } from '../../test/fakes/fake-rss';
import { parseFeedDate } from './dates';
import { parseFeed, type ParsedFeed } from './feed';

function feedOf(xml: string, baseUrl?: string): ParsedFeed {
  const result = parseFeed(xml, { baseUrl });
  if (!result.ok) throw new Error(result.error.message);
  return result.feed;
}

describe('parseFeed: RSS 2.0', () => {
  const feed = feedOf(COINDESK_RSS);

  it('reads the channel, not the atom:link', () => {
    expect(feed).toMatchObject({
      format: 'rss',
      title: 'CoinDesk: Bitcoin, Ethereum, Crypto News and Price Data',
      link: 'https://www.coindesk.com/',
    });
    expect(feed.items).toHaveLength(3);
  });

  it('reads an item with CDATA, entities, dc:creator, categories and HTML description', () => {
    expect(feed.items[0]).toEqual({
      id: 'b2c8e5a4-7f0e-4a53-9c7e-2b3f6a0d9e11',
      title: 'Bitcoin Tops $110K as ETF Inflows Hit Record; Ether’s Rally Stalls',
      link: 'https://www.coindesk.com/markets/2025/06/10/bitcoin-tops-110k-as-etf-inflows-hit-record',
      publishedAt: Date.UTC(2025, 5, 10, 14, 3, 0),
      updatedAt: null,
      summary: "BTC's rally extends as U.S. spot ETFs draw $1.2B in a day & funding rates stay calm.",
      author: 'Omkar Godbole',
      categories: ['Markets', 'Bitcoin'],
    });
  });

  it('decodes escaped text, zone names, and falls back to a permalink guid for the link', () => {
    expect(feed.items[1]).toMatchObject({
      title: 'SEC Delays Decision on Solana & XRP ETFs',
      summary: 'The agency pushed its deadline to August — again.',
      publishedAt: Date.UTC(2025, 5, 10, 13, 45, 12),
    });
    expect(feed.items[2]).toMatchObject({
      id: 'https://www.coindesk.com/business/2025/06/09/tether-mints-another-1b-usdt',
      link: 'https://www.coindesk.com/business/2025/06/09/tether-mints-another-1b-usdt',
      summary: '',
      author: null,
      publishedAt: Date.UTC(2025, 5, 9, 23, 59, 59),
    });
  });

  it('uses content:encoded when there is no description, without scripts', () => {
    const xml = `<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>t</title>
      <item><title>a</title><content:encoded><![CDATA[<p>Body <b>text</b></p><script>evil()</script>]]></content:encoded></item></channel></rss>`;
    expect(feedOf(xml).items[0]!.summary).toBe('Body text');
  });

  it('matches namespaces by URI, not by prefix', () => {
    const xml = `<rss version="2.0" xmlns:c="http://purl.org/rss/1.0/modules/content/" xmlns:a="http://www.w3.org/2005/Atom">
      <channel><title>t</title><item><title>x</title><a:link href="https://a.example/x" rel="alternate"/><c:encoded>from content</c:encoded></item></channel></rss>`;
    expect(feedOf(xml).items[0]).toMatchObject({ link: 'https://a.example/x', summary: 'from content' });
  });

  it('resolves relative links against the feed URL, gives items without guid or link a stable id, drops duplicates', () => {
    const xml = `<rss version="2.0"><channel><title>t</title>
      <item><title>rel</title><link>/news/1</link></item>
      <item><title>no id</title><description>d</description></item>
      <item><title>rel again</title><link>/news/1</link></item>
      <item></item></channel></rss>`;
    const items = feedOf(xml, 'https://feeds.example.com/rss.xml').items;
    expect(items.map((i) => i.link)).toEqual(['https://feeds.example.com/news/1', null]);
    expect(items[1]!.id).toMatch(/^hash:[0-9a-f]{8}$/);
    expect(feedOf(xml).items[1]!.id).toBe(items[1]!.id);
  });

  it('reads RSS 1.0 (RDF) too', () => {
    const xml = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel rdf:about="https://s.example/"><title>Slash</title><link>https://s.example/</link></channel>
      <item rdf:about="https://s.example/1"><title>One</title><link>https://s.example/1</link><dc:date>2025-06-10T10:00:00+00:00</dc:date></item>
    </rdf:RDF>`;
    expect(feedOf(xml)).toMatchObject({
      format: 'rdf',
      title: 'Slash',
      items: [{ id: 'https://s.example/1', title: 'One', publishedAt: Date.UTC(2025, 5, 10, 10) }],
    });
  });
});

describe('parseFeed: Atom', () => {
  const feed = feedOf(SAMPLE_ATOM);

  it('reads the feed with xml:base and the alternate link', () => {
    expect(feed).toMatchObject({
      format: 'atom',
      title: 'Example Research — Crypto Desk',
      link: 'https://research.example.com/',
    });
  });

  it('reads html titles, xhtml summaries, relative links, offsets and categories', () => {
    expect(feed.items[0]).toEqual({
      id: 'tag:research.example.com,2025:note-101',
      title: 'ETH/BTC breaks 0.03 & funding flips',
      link: 'https://research.example.com/notes/eth-btc-0-03',
      publishedAt: Date.UTC(2025, 5, 10, 12, 5, 30, 250),
      updatedAt: Date.UTC(2025, 5, 10, 12, 10),
      summary: 'Ratio reclaimed 0.03 . Perp funding turned positive.',
      author: 'Ana Lima',
      categories: ['Ethereum'],
    });
  });

  it('falls back to updated for the date and to html content for the summary', () => {
    expect(feed.items[1]).toMatchObject({
      title: 'SOL validators vote on fee change',
      link: 'https://research.example.com/notes/sol-fees',
      publishedAt: Date.UTC(2025, 5, 9, 8),
      summary: 'SIMD-0123 passes with 74%.',
    });
  });
});

describe('parseFeed: malformed input gives a clear error, never a throw', () => {
  it.each([
    ['', 'empty', /empty/],
    ['   \n', 'empty', /empty/],
    [
      '<rss version="2.0"><channel><title>t</title><item><title>x</title></channel></rss>',
      'malformed-xml',
      /End tag <\/channel> does not match <item> \(opened at line 1\) at line 1/,
    ],
    ['<rss version="2.0"><channel><title>t</title><item>', 'malformed-xml', /ends inside <item>.*truncated/],
    ['<rss><channel><title>a < b</title></channel></rss>', 'malformed-xml', /bare "<".*line 1, column 25/],
    ['<rss><channel><title x=1>t</title></channel></rss>', 'malformed-xml', /not quoted/],
    ['<rss><channel></channel></rss><rss/>', 'malformed-xml', /second root/],
    ['<rss><channel><![CDATA[oops</channel></rss>', 'malformed-xml', /ends inside <channel>.*truncated/],
    ['<!-- only a comment -->', 'empty', /no root element/],
    ['just text', 'malformed-xml', /Text outside the root element/],
    ['<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>', 'not-a-feed', /HTML page/],
    ['<rss version="2.0"></rss>', 'not-a-feed', /no <channel>/],
    [`${'<a>'.repeat(300)}${'</a>'.repeat(300)}`, 'too-deep', /deeper than 256/],
  ])('case %#', (xml, reason, message) => {
    const result = parseFeed(xml);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.reason).toBe(reason);
      expect(result.error.message).toMatch(message);
    }
  });

  it('reports line and column', () => {
    const result = parseFeed('<rss version="2.0">\n<channel>\n  <title>t</titel>\n</channel></rss>');
    expect(result).toMatchObject({ ok: false, error: { reason: 'malformed-xml', line: 3, column: 18 } });
  });

  it('is lenient where real feeds are sloppy: bare &, unknown entities, a BOM, a DOCTYPE with entities (not expanded)', () => {
    const xml = `\ufeff<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY boom "BOOM">]><rss version="2.0"><channel><title>AT&T &nbsp;&bogus; &boom;</title></channel></rss>`;
    expect(feedOf(xml).title).toBe('AT&T &bogus; &boom;');
  });

  it('does not choke on a large feed', () => {
    const items = Array.from(
      { length: 2000 },
      (_, i) => `<item><title>t${i}</title><guid>g${i}</guid><pubDate>Tue, 10 Jun 2025 14:03:00 GMT</pubDate></item>`,
    ).join('');
    expect(feedOf(`<rss version="2.0"><channel><title>big</title>${items}</channel></rss>`).items).toHaveLength(2000);
  });
});

describe('parseFeedDate', () => {
  it.each([
    ['Tue, 10 Jun 2025 14:03:00 +0000', Date.UTC(2025, 5, 10, 14, 3)],
    ['Tue, 10 Jun 2025 14:03:00 GMT', Date.UTC(2025, 5, 10, 14, 3)],
    ['10 Jun 2025 14:03 -0500', Date.UTC(2025, 5, 10, 19, 3)],
    ['Tue, 10 June 2025 14:03:00 PST', Date.UTC(2025, 5, 10, 22, 3)],
    ['Tue, 10 Jun 25 14:03:00 +0530', Date.UTC(2025, 5, 10, 8, 33)],
    ['2025-06-10T14:03:00Z', Date.UTC(2025, 5, 10, 14, 3)],
    ['2025-06-10T14:03:00.123456+01:00', Date.UTC(2025, 5, 10, 13, 3, 0, 123)],
    ['2025-06-10 14:03:00', Date.UTC(2025, 5, 10, 14, 3)],
    ['2025-06-10', Date.UTC(2025, 5, 10)],
  ])('%s', (text, expected) => {
    expect(parseFeedDate(text)).toBe(expected);
  });

  it.each(['', 'yesterday', '31 Feb 2025 10:00:00 GMT', '2025-13-01T00:00:00Z'])('refuses %j', (text) => {
    expect(parseFeedDate(text)).toBeNull();
  });
});
