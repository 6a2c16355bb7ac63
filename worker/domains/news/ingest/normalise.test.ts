import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from '../../../lib/html-entities';
import { canonicalUrl, normaliseRawNews, stripHtml, truncate } from './normalise';
import type { RawNewsItem } from '../types';

const T = 1_800_000_000_000;
const raw = (over: Partial<RawNewsItem> = {}): RawNewsItem => ({
  source: { id: 'src-1', kind: 'twitter', name: 'Wire' },
  publishedAt: T - 1000,
  receivedAt: T,
  title: 'Bitcoin ETF approved',
  ...over,
});

describe('text cleaning', () => {
  it('trims, collapses whitespace and keeps case', () => {
    expect(normaliseRawNews(raw({ title: '  Bitcoin \n\t ETF   approved  ' }))?.title).toBe('Bitcoin ETF approved');
  });
  it('strips zero-width, bidi and control characters', () => {
    const title = 'Bi\u200Btc\u200Doin\uFEFF \u202EETF\u0000\u0007 approved\u00AD';
    expect(normaliseRawNews(raw({ title }))?.title).toBe('Bitcoin ETF approved');
  });
  it('decodes entities in one pass', () => {
    expect(decodeHtmlEntities('AT&amp;T &lt;b&gt; &quot;x&quot; &#39;y&#39; &#x1F680; &hellip; &amp;lt;')).toBe(
      'AT&T <b> "x" \'y\' 🚀 … &lt;',
    );
    // Unknown names stay as written; invalid code points read as U+FFFD, as in a browser (the feed
    // parser and the pipeline decode alike).
    expect(decodeHtmlEntities('&unknown; &#0; &#xD800; &#99999999;')).toBe('&unknown; \uFFFD \uFFFD \uFFFD');
  });
  it('does not let an entity smuggle in a control or zero-width character', () => {
    expect(normaliseRawNews(raw({ title: 'A&#8203;B&#1;C' }))?.title).toBe('ABC');
  });
  it('strips tags from RSS/Atom text but keeps escaped markup and comparisons', () => {
    const body = '<p>SEC <b>approves</b> ETF</p><script>alert(1)</script><!-- x --><br/>See &lt;b&gt; tags';
    const item = normaliseRawNews(raw({ source: { id: 'r', kind: 'rss', name: 'Feed' }, title: '<b>Hi</b> &amp; bye', body }));
    expect(item?.title).toBe('Hi & bye');
    expect(item?.body).toBe('SEC approves ETF\n\nSee <b> tags');
    expect(stripHtml('BTC < 50k and ETH > 3k')).toBe('BTC < 50k and ETH > 3k');
  });
  it('leaves angle brackets alone for non-feed sources', () => {
    expect(normaliseRawNews(raw({ title: 'BTC <b>bold</b>' }))?.title).toBe('BTC <b>bold</b>');
  });
  it('keeps paragraphs in the body, at most one blank line', () => {
    expect(normaliseRawNews(raw({ body: ' line  one \r\n\r\n\r\n\r\n  line   two ' }))?.body).toBe('line one\n\nline two');
  });
  it('drops a body that only repeats the title', () => {
    expect(normaliseRawNews(raw({ body: ' Bitcoin  ETF\napproved ' }))?.body).toBeUndefined();
  });
  it('limits title to 500 and body to 5000 characters', () => {
    const item = normaliseRawNews(raw({ title: 'a'.repeat(600), body: 'b'.repeat(6000) }));
    expect(item?.title).toHaveLength(500);
    expect(item?.title.endsWith('…')).toBe(true);
    expect(item?.body).toHaveLength(5000);
  });
  it('never splits a surrogate pair when truncating', () => {
    const out = truncate(`${'a'.repeat(3)}😀😀`, 5);
    expect(out).toBe('aaa…');
  });
  it('rejects items whose title is empty after cleaning', () => {
    expect(normaliseRawNews(raw({ title: '   ' }))).toBeNull();
    expect(normaliseRawNews(raw({ title: '\u200B\u200B' }))).toBeNull();
    expect(normaliseRawNews(raw({ title: '<p> </p>', source: { id: 'r', kind: 'atom', name: 'A' } }))).toBeNull();
  });
});

describe('urls', () => {
  it.each([
    ['https://Example.com/a?utm_source=x&id=1&UTM_Medium=y#frag', 'https://example.com/a?id=1'],
    ['https://example.com/a?utm_campaign=z', 'https://example.com/a'],
    ['https://example.com/a?fbclid=1&b=2', 'https://example.com/a?b=2'],
    ['  http://example.com:80/x  ', 'http://example.com/x'],
    ['javascript:alert(1)', undefined],
    ['data:text/html,hi', undefined],
    ['not a url', undefined],
    ['', undefined],
    [undefined, undefined],
    [`https://example.com/${'a'.repeat(2100)}`, undefined],
  ])('%s → %s', (input, expected) => {
    expect(canonicalUrl(input)).toBe(expected);
  });
});

describe('times and flags', () => {
  it('uses the published time', () => {
    expect(normaliseRawNews(raw())?.ts).toBe(T - 1000);
  });
  it('never places an item after its receipt time', () => {
    expect(normaliseRawNews(raw({ publishedAt: T + 3_600_000 }))?.ts).toBe(T);
  });
  it('falls back to the receipt time and converts epoch seconds', () => {
    expect(normaliseRawNews(raw({ publishedAt: Number.NaN }))?.ts).toBe(T);
    expect(normaliseRawNews(raw({ publishedAt: 0 }))?.ts).toBe(T);
    expect(normaliseRawNews(raw({ publishedAt: (T - 5000) / 1000 }))?.ts).toBe(T - 5000);
  });
  it('rejects an item with no usable time at all', () => {
    expect(normaliseRawNews(raw({ publishedAt: Number.NaN, receivedAt: Number.NaN }))).toBeNull();
  });
  it('carries source, author, external id and the test flag', () => {
    const item = normaliseRawNews(raw({ author: ' @wire ', externalId: ' 123 ', isTest: true }));
    expect(item).toMatchObject({ sourceId: 'src-1', sourceKind: 'twitter', author: '@wire', externalId: '123', isTest: true });
    expect(normaliseRawNews(raw())?.isTest).toBe(false);
  });
});
