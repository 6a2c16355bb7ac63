import { describe, expect, it } from 'vitest';
import { COINDESK_RSS, FakeRss, SAMPLE_ATOM } from '../../test/fakes/fake-rss';
import { fetchFeed } from './fetch';

const BASE = 'https://feeds.fake.test';
const LAST_MODIFIED = 'Tue, 10 Jun 2025 14:20:07 GMT';

function setup() {
  const server = new FakeRss()
    .publish('/coindesk.xml', { body: COINDESK_RSS, etag: '"v1"', lastModified: LAST_MODIFIED })
    .publish('/research.atom', { body: SAMPLE_ATOM, contentType: 'application/atom+xml', lastModified: LAST_MODIFIED });
  return { server, fetch: server.fetch };
}

describe('fetchFeed', () => {
  it('fetches and parses, returning the validators', async () => {
    const { server, fetch } = setup();
    const result = await fetchFeed(`${BASE}/coindesk.xml`, { fetch });
    expect(result).toMatchObject({ notModified: false, etag: '"v1"', lastModified: LAST_MODIFIED, feed: { format: 'rss' } });
    expect(result.items).toHaveLength(3);
    expect(server.requests[0]).toMatchObject({
      ifNoneMatch: null,
      ifModifiedSince: null,
      accept: expect.stringContaining('application/rss+xml'),
    });
  });

  it('conditional GET: a matching ETag gives 304 and no items', async () => {
    const { server, fetch } = setup();
    const first = await fetchFeed(`${BASE}/coindesk.xml`, { fetch });
    const second = await fetchFeed(`${BASE}/coindesk.xml`, { fetch, etag: first.etag, lastModified: first.lastModified });
    expect(second).toEqual({ notModified: true, feed: null, items: [], etag: '"v1"', lastModified: LAST_MODIFIED });
    expect(server.requests[1]).toMatchObject({ ifNoneMatch: '"v1"', ifModifiedSince: LAST_MODIFIED });

    // the feed changes: new ETag, items come back
    server.publish('/coindesk.xml', { body: COINDESK_RSS, etag: '"v2"', lastModified: 'Tue, 10 Jun 2025 15:00:00 GMT' });
    const third = await fetchFeed(`${BASE}/coindesk.xml`, { fetch, etag: second.etag, lastModified: second.lastModified });
    expect(third).toMatchObject({ notModified: false, etag: '"v2"' });
    expect(third.items).toHaveLength(3);
  });

  it('conditional GET by Last-Modified alone (Atom feed, no ETag)', async () => {
    const { fetch } = setup();
    const first = await fetchFeed(`${BASE}/research.atom`, { fetch });
    expect(first).toMatchObject({ notModified: false, etag: null, feed: { format: 'atom' } });
    expect(first.items[0]!.link).toBe('https://research.example.com/notes/eth-btc-0-03');
    const second = await fetchFeed(`${BASE}/research.atom`, { fetch, lastModified: first.lastModified });
    expect(second.notModified).toBe(true);
  });

  it('decodes a Latin-1 feed by its declared charset', async () => {
    const { server, fetch } = setup();
    const xml =
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Caf\u00e9 cr\u00e8me</title></channel></rss>';
    const bytes = Uint8Array.from(xml, (c) => c.charCodeAt(0));
    server.publish('/latin1.xml', { body: bytes, contentType: 'text/xml' });
    expect((await fetchFeed(`${BASE}/latin1.xml`, { fetch })).feed!.title).toBe('Café crème');
  });

  it('maps failures to catalogue errors', async () => {
    const { server, fetch } = setup();
    await expect(fetchFeed(`${BASE}/missing.xml?key=secret`, { fetch })).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: `The feed at ${BASE}/missing.xml answered HTTP 404: check the feed URL in the source settings.`,
      data: { provider: 'rss', httpStatus: 404, permanent: true, retryable: false },
    });
    server.failNext({ type: 'http', status: 429, retryAfter: '120' });
    await expect(fetchFeed(`${BASE}/coindesk.xml`, { fetch })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      data: { retryAfter: 120 },
    });
    server.failNext({ type: 'http', status: 503 });
    await expect(fetchFeed(`${BASE}/coindesk.xml`, { fetch })).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      data: { retryable: true },
    });
    server.failNext({ type: 'network' });
    await expect(fetchFeed(`${BASE}/coindesk.xml`, { fetch })).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      data: { retryable: true },
    });
    server.failNext({ type: 'timeout' });
    await expect(fetchFeed(`${BASE}/coindesk.xml`, { fetch, timeoutMs: 2000 })).rejects.toMatchObject({
      code: 'GATEWAY_TIMEOUT',
      message: `The feed at ${BASE}/coindesk.xml did not answer within 2 s.`,
    });
    server.failNext({ type: 'html' });
    await expect(fetchFeed(`${BASE}/coindesk.xml`, { fetch })).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringContaining('an HTML page, not the feed URL'),
      data: { reason: 'not-a-feed', retryable: false },
    });
  });

  it('refuses malformed XML, oversize bodies and bad URLs clearly', async () => {
    const { server, fetch } = setup();
    server.publish('/broken.xml', { body: '<rss version="2.0">\n<channel><item></channel></rss>' });
    await expect(fetchFeed(`${BASE}/broken.xml`, { fetch })).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringContaining('not well-formed XML: End tag </channel> does not match <item>'),
      data: { reason: 'malformed-xml', line: 2, column: 25 },
    });
    await expect(fetchFeed(`${BASE}/coindesk.xml`, { fetch, maxBytes: 1000 })).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringContaining('larger than'),
    });
    await expect(fetchFeed('ftp://x.example/feed', { fetch })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(fetchFeed('not a url', { fetch })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
