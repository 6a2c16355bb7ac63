import { decodeHtmlEntities } from '../../../lib/html-entities';
import type { SourceKind } from '../../../contract/enums';
import type { NormalisedNews, RawNewsItem } from '../types';

export const TITLE_MAX = 500;
export const BODY_MAX = 5000;
export const AUTHOR_MAX = 200;
export const URL_MAX = 2048;

/** Query parameters that only track clicks; they make the same link look different. */
const TRACKING_PARAMS = new Set(['fbclid', 'gclid', 'mc_cid', 'mc_eid', 'igshid']);

// Zero-width characters, bidi overrides/isolates (they can disguise text) and the soft hyphen.
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
// C0/C1 controls except tab, line feed and carriage return (handled as whitespace).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * Removes HTML markup from feed (RSS/Atom) text: script/style blocks and comments with their
 * content, block-level tags become line breaks, every other tag disappears. Only tag-shaped text
 * ("<p>", "</a>", "<br/>") is touched; "BTC < 50k" survives. Run before entity decoding so that
 * escaped markup ("&lt;b&gt;") stays visible text.
 */
export function stripHtml(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<(br|\/?(p|div|li|ul|ol|h[1-6]|blockquote|tr|table|section|article))\b[^>]*>/gi, '\n')
    .replace(/<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/gi, ' ');
}

function clean(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE, '').replace(CONTROL, '');
}

/** One line: every whitespace run (newlines too) becomes a single space. */
function collapseLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Paragraphs survive (at most one blank line); spaces inside a line collapse. */
function collapseBlock(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Cuts to at most `max` characters with an ellipsis, never splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Whether a stored link may be stored and shown: an absolute http(s) URL, nothing else. */
export function isHttpLink(url: string): boolean {
  return URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol);
}

/**
 * http(s) only; lowercased host (by URL), no fragment, no utm_* or click-id parameters.
 * Anything unparsable, too long or with another scheme (javascript:, data:) is dropped.
 */
export function canonicalUrl(input: string | undefined): string | undefined {
  const text = input?.trim();
  if (!text || text.length > URL_MAX) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (!isHttpLink(url.href)) return undefined;
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) {
    const lower = key.toLowerCase();
    if (lower.startsWith('utm_') || TRACKING_PARAMS.has(lower)) url.searchParams.delete(key);
  }
  if (![...url.searchParams.keys()].length) url.search = '';
  const out = url.toString();
  return out.length > URL_MAX ? undefined : out;
}

/** Epoch seconds (anything below 1e11, i.e. before 1973 in ms) are taken as seconds. */
export function toEpochMs(value: number): number {
  return value > 0 && value < 1e11 ? value * 1000 : value;
}

/** A source's text, cleaned: RSS/Atom text loses its HTML; entities decoded, then invisible and control characters dropped. */
function sourceText(kind: SourceKind, value: string | undefined): string {
  if (typeof value !== 'string') return '';
  const isHtml = kind === 'rss' || kind === 'atom';
  // Cleaned after decoding: an entity can spell a control or zero-width character.
  return clean(decodeHtmlEntities(isHtml ? stripHtml(value) : value));
}

/** The author as one clean line (normaliseRawNews; also for an author known only later, ingest.ts). */
export function normaliseAuthor(kind: SourceKind, author: string | undefined): string | undefined {
  return truncate(collapseLine(sourceText(kind, author)), AUTHOR_MAX) || undefined;
}

/**
 * Cleans a raw item. Title and author become one line, the body keeps paragraphs; RSS/Atom text
 * loses its HTML. Case is kept (matching downstream is case-insensitive). The timestamp is the
 * published time, but never later than receipt (a skewed source clock must not pin an item to
 * the top of the feed) and the receipt time when missing. Returns null when no title is left (or
 * when neither time is usable).
 */
export function normaliseRawNews(raw: RawNewsItem): NormalisedNews | null {
  const text = (value: string | undefined) => sourceText(raw.source.kind, value);

  const title = truncate(collapseLine(text(raw.title)), TITLE_MAX);
  if (!title) return null;
  let body: string | undefined = truncate(collapseBlock(text(raw.body)), BODY_MAX);
  if (!body || collapseLine(body) === title) body = undefined;
  const author = normaliseAuthor(raw.source.kind, raw.author);
  const externalId = typeof raw.externalId === 'string' && raw.externalId.trim() ? raw.externalId.trim() : undefined;

  const validTime = (value: number) => (Number.isFinite(value) && value > 0 ? toEpochMs(value) : null);
  const published = validTime(raw.publishedAt);
  const receivedAt = validTime(raw.receivedAt) ?? published;
  if (receivedAt === null) return null;
  const ts = Math.min(published ?? receivedAt, receivedAt);

  return {
    title,
    body,
    url: canonicalUrl(raw.url),
    author,
    externalId,
    ts,
    publishedAt: published === null ? null : ts,
    receivedAt,
    sourceId: raw.source.id,
    sourceKind: raw.source.kind,
    isTest: raw.isTest === true,
  };
}
