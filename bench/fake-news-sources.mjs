// Local fake news sources for bench/news-sources.mjs: N Atom feeds on one HTTP server, each
// publishing headlines at moments the bench chooses, with the publication time to the millisecond
// (RFC 3339 `<published>` with fractions) so the figures start at the source's own clock.
// Conditional GETs as real feeds answer them: an unchanged feed is a 304 for its ETag.
import { createServer } from 'node:http';

const escapeXml = (s) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);

/** A feed carries its newest entries only, like a real one (older ones drop off its end). */
const FEED_LENGTH = 20;

export function startFakeFeeds({ feeds, port }) {
  /** @type {{ entries: { id: string, title: string, publishedAt: number }[], version: number, requests: number, notModified: number }[]} */
  const state = Array.from({ length: feeds }, () => ({ entries: [], version: 0, requests: 0, notModified: 0 }));
  const server = createServer((req, res) => {
    const match = /^\/feed\/(\d+)\.xml$/.exec(req.url ?? '');
    const feed = match ? state[Number(match[1])] : undefined;
    if (!feed) {
      res.writeHead(404).end();
      return;
    }
    feed.requests++;
    const etag = `"v${feed.version}"`;
    if (req.headers['if-none-match'] === etag) {
      feed.notModified++;
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    const n = Number(match[1]);
    const entries = feed.entries
      .slice(-FEED_LENGTH)
      .reverse()
      .map(
        (
          e,
        ) => `<entry><id>${e.id}</id><title>${escapeXml(e.title)}</title><link href="https://bench.invalid/${n}/${encodeURIComponent(e.id)}"/>
<published>${new Date(e.publishedAt).toISOString()}</published><updated>${new Date(e.publishedAt).toISOString()}</updated></entry>`,
      )
      .join('\n');
    res.writeHead(200, { 'Content-Type': 'application/atom+xml; charset=utf-8', ETag: etag });
    res.end(`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Bench feed ${n}</title><id>urn:bench:feed:${n}</id>
<updated>${new Date().toISOString()}</updated>
${entries}
</feed>`);
  });
  server.listen(port, '127.0.0.1');
  return {
    url: (n) => `http://127.0.0.1:${port}/feed/${n}.xml`,
    /** Publishes a headline on feed n now; returns its id and publication time. */
    publish(n, title) {
      const feed = state[n];
      const entry = {
        id: `urn:bench:${n}:${feed.entries.length}:${crypto.randomUUID().slice(0, 8)}`,
        title,
        publishedAt: Date.now(),
      };
      feed.entries.push(entry);
      feed.version++;
      return entry;
    },
    stats: () => ({
      requests: state.reduce((a, f) => a + f.requests, 0),
      notModified: state.reduce((a, f) => a + f.notModified, 0),
    }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
