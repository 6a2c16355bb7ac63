import { parseFeedDate } from './dates';
import { collapseWhitespace, htmlToText } from './entities';
import { XmlError, elementChildren, parseXml, textContent, type XmlElement } from './xml';

export interface FeedItem {
  /** guid / Atom id; else the link; else a hash of the content ("hash:…") */
  id: string;
  /** plain text */
  title: string;
  /** absolute when a base URL was known */
  link: string | null;
  /** ms; pubDate / published / dc:date, else updated */
  publishedAt: number | null;
  /** ms; Atom updated */
  updatedAt: number | null;
  /** plain text from description / summary, else content */
  summary: string;
  author: string | null;
  categories: string[];
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'rdf';
  title: string;
  link: string | null;
  /** in document order (feeds usually list newest first) */
  items: FeedItem[];
}

export type FeedErrorReason = 'empty' | 'malformed-xml' | 'too-deep' | 'too-large' | 'not-a-feed';

export interface FeedError {
  reason: FeedErrorReason;
  message: string;
  line?: number;
  column?: number;
}

export type FeedParseResult = { ok: true; feed: ParsedFeed } | { ok: false; error: FeedError };

export interface ParseFeedOptions {
  /** resolves relative links (pass the feed's URL) */
  baseUrl?: string;
  /** characters; default 10 M */
  maxLength?: number;
}

export const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  content: 'http://purl.org/rss/1.0/modules/content/',
  dc: 'http://purl.org/dc/elements/1.1/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rss1: 'http://purl.org/rss/1.0/',
} as const;

/** In namespace `ns`, or written with its usual prefix when the feed forgot to declare it. */
function inNs(el: XmlElement, ns: string, prefix: string, local: string): boolean {
  return el.local === local && (el.ns === ns || (el.ns === null && el.prefix === prefix));
}

/** An RSS element: unprefixed and not Atom's (RSS 2.0 has no namespace; RSS 1.0 has its own default). */
function isPlain(el: XmlElement, local: string): boolean {
  return el.prefix === null && el.local === local && el.ns !== NS.atom;
}

const isAtom = (el: XmlElement, local: string) =>
  el.local === local && (el.ns === NS.atom || (el.ns === null && (el.prefix === null || el.prefix === 'atom')));

function first(el: XmlElement, match: (c: XmlElement) => boolean): XmlElement | undefined {
  return elementChildren(el).find(match);
}

function resolveUrl(href: string | undefined | null, base: string | undefined): string | null {
  const value = href?.trim();
  if (!value) return null;
  try {
    return new URL(value, base).href;
  } catch {
    return base === undefined && /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : null;
  }
}

function withBase(el: XmlElement, base: string | undefined): string | undefined {
  const own = el.attrs['xml:base'];
  return own ? (resolveUrl(own, base) ?? base) : base;
}

/** FNV-1a, for an id when a feed gives neither guid nor link. */
function hashId(parts: string[]): string {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `hash:${h.toString(16).padStart(8, '0')}`;
}

/** An Atom text construct (type text | html | xhtml) as plain text. */
function atomText(el: XmlElement | undefined): string {
  if (!el) return '';
  const type = (el.attrs.type ?? 'text').toLowerCase();
  if (type === 'xhtml') return collapseWhitespace(textContent(el, true));
  if (type === 'html' || type === 'text/html') return htmlToText(textContent(el));
  if (type === 'text' || type === 'text/plain') return collapseWhitespace(textContent(el));
  return ''; // other media types (e.g. base64 content) are not text
}

function atomLink(el: XmlElement, base: string | undefined): string | null {
  const links = elementChildren(el).filter((c) => isAtom(c, 'link') && c.attrs.href);
  const alternate =
    links.find((l) => (l.attrs.rel ?? 'alternate') === 'alternate' && (l.attrs.type ?? 'text/html').includes('html')) ??
    links.find((l) => (l.attrs.rel ?? 'alternate') === 'alternate') ??
    links.find((l) => l.attrs.rel !== 'self' && l.attrs.rel !== 'hub');
  return resolveUrl(alternate?.attrs.href, base);
}

function finishItem(item: Omit<FeedItem, 'id'> & { id: string | null }): FeedItem | null {
  if (!item.title && !item.summary && !item.link) return null;
  const id = item.id || item.link || hashId([item.title, item.summary, String(item.publishedAt ?? '')]);
  return { ...item, id };
}

function rssItem(el: XmlElement, base: string | undefined): FeedItem | null {
  const text = (match: (c: XmlElement) => boolean) => {
    const found = first(el, match);
    return found ? textContent(found).trim() : '';
  };
  const guidEl = first(el, (c) => isPlain(c, 'guid'));
  const guid = guidEl ? textContent(guidEl).trim() : (el.attrs['rdf:about'] ?? '');
  const guidIsLink = guidEl !== undefined && guidEl.attrs.isPermaLink !== 'false' && /^https?:\/\//i.test(guid);
  const link =
    resolveUrl(
      text((c) => isPlain(c, 'link')),
      base,
    ) ??
    atomLink(el, base) ??
    (guidIsLink ? resolveUrl(guid, base) : null);
  const description = text((c) => isPlain(c, 'description'));
  const content = text((c) => inNs(c, NS.content, 'content', 'encoded'));
  const published =
    parseFeedDate(text((c) => isPlain(c, 'pubDate'))) ??
    parseFeedDate(text((c) => inNs(c, NS.dc, 'dc', 'date'))) ??
    parseFeedDate(text((c) => isAtom(c, 'published') && c.prefix !== null));
  const updated = parseFeedDate(text((c) => isAtom(c, 'updated') && c.prefix !== null));
  const author = htmlToText(text((c) => inNs(c, NS.dc, 'dc', 'creator')) || text((c) => isPlain(c, 'author')));
  return finishItem({
    id: guid || null,
    title: htmlToText(text((c) => isPlain(c, 'title'))),
    link,
    publishedAt: published ?? updated,
    updatedAt: updated,
    summary: htmlToText(description || content),
    author: author || null,
    categories: elementChildren(el)
      .filter((c) => isPlain(c, 'category') || inNs(c, NS.dc, 'dc', 'subject'))
      .map((c) => htmlToText(textContent(c)))
      .filter(Boolean),
  });
}

function atomEntry(el: XmlElement, feedBase: string | undefined): FeedItem | null {
  const base = withBase(el, feedBase);
  const child = (local: string) => first(el, (c) => isAtom(c, local));
  const date = (local: string) => {
    const found = child(local);
    return found ? parseFeedDate(textContent(found)) : null;
  };
  const updated = date('updated');
  const authorEl = child('author');
  const authorName = authorEl ? first(authorEl, (c) => isAtom(c, 'name')) : undefined;
  const contentEl = child('content');
  const idEl = child('id');
  return finishItem({
    id: idEl ? textContent(idEl).trim() || null : null,
    title: atomText(child('title')),
    link: atomLink(el, base),
    publishedAt: date('published') ?? updated,
    updatedAt: updated,
    summary: atomText(child('summary')) || (contentEl && !contentEl.attrs.src ? atomText(contentEl) : ''),
    author: authorName ? collapseWhitespace(textContent(authorName)) || null : null,
    categories: elementChildren(el)
      .filter((c) => isAtom(c, 'category'))
      .map((c) => collapseWhitespace(c.attrs.label ?? c.attrs.term ?? ''))
      .filter(Boolean),
  });
}

function dedupe(items: (FeedItem | null)[]): FeedItem[] {
  const seen = new Set<string>();
  const out: FeedItem[] = [];
  for (const item of items) {
    if (!item || seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}

/** RSS 2.0 and 1.0: the channel's title and link, and the `<item>` children of `itemsParent`. */
function rssLikeFeed(
  format: 'rss' | 'rdf',
  channel: XmlElement | undefined,
  itemsParent: XmlElement,
  baseUrl: string | undefined,
  itemsResolveAgainstLink: boolean,
): ParsedFeed {
  const title = channel && first(channel, (c) => isPlain(c, 'title'));
  const linkEl = channel && first(channel, (c) => isPlain(c, 'link'));
  const link = resolveUrl(linkEl ? textContent(linkEl) : null, baseUrl);
  const itemBase = itemsResolveAgainstLink ? (link ?? baseUrl) : baseUrl;
  return {
    format,
    title: title ? htmlToText(textContent(title)) : '',
    link,
    items: dedupe(
      elementChildren(itemsParent)
        .filter((c) => isPlain(c, 'item'))
        .map((c) => rssItem(c, itemBase)),
    ),
  };
}

function toFeed(root: XmlElement, baseUrl: string | undefined): ParsedFeed | FeedError {
  if (root.local === 'rss' && root.prefix === null) {
    const channel = first(root, (c) => isPlain(c, 'channel'));
    if (!channel) return { reason: 'not-a-feed', message: 'The RSS document has no <channel>' };
    // RSS 2.0: items sit in the channel and resolve against the channel's link.
    return rssLikeFeed('rss', channel, channel, baseUrl, true);
  }
  if (isAtom(root, 'feed')) {
    const base = withBase(root, baseUrl);
    return {
      format: 'atom',
      title: atomText(first(root, (c) => isAtom(c, 'title'))),
      link: atomLink(root, base),
      items: dedupe(
        elementChildren(root)
          .filter((c) => isAtom(c, 'entry'))
          .map((c) => atomEntry(c, base)),
      ),
    };
  }
  // RSS 1.0 (RDF): items are siblings of the channel and resolve against the document URL.
  if (inNs(root, NS.rdf, 'rdf', 'RDF'))
    return rssLikeFeed(
      'rdf',
      first(root, (c) => isPlain(c, 'channel')),
      root,
      baseUrl,
      false,
    );
  return {
    reason: 'not-a-feed',
    message: `The document is not an RSS or Atom feed (its root element is <${root.name}>${root.local.toLowerCase() === 'html' ? ': an HTML page, not the feed URL' : ''})`,
  };
}

/** RSS 2.0 (and 1.0) or Atom → items. Never throws: a bad document comes back as `{ok: false, error}`. */
export function parseFeed(xml: string, options: ParseFeedOptions = {}): FeedParseResult {
  const maxLength = options.maxLength ?? 10_000_000;
  if (typeof xml !== 'string' || xml.trim() === '') {
    return { ok: false, error: { reason: 'empty', message: 'The feed is empty' } };
  }
  if (xml.length > maxLength) {
    return { ok: false, error: { reason: 'too-large', message: `The feed is larger than ${maxLength} characters` } };
  }
  try {
    const feed = toFeed(parseXml(xml), options.baseUrl);
    return 'reason' in feed ? { ok: false, error: feed } : { ok: true, feed };
  } catch (err) {
    if (err instanceof XmlError) {
      return {
        ok: false,
        error: {
          reason: err.reason,
          message: `The feed is not well-formed XML: ${err.message}`,
          ...(err.line !== undefined && { line: err.line, column: err.column }),
        },
      };
    }
    return { ok: false, error: { reason: 'malformed-xml', message: 'The feed could not be read as XML' } };
  }
}
