import type { ErrorCode } from '../../lib/error-catalogue';
import { domainError, type DomainError } from '../../lib/domain-error';
import { fetchWithTimeout, globalFetch, isTimeout, type FetchFn } from '../http';
import { parseFeed, type FeedItem, type ParsedFeed } from './feed';

export interface FetchFeedOptions {
  fetch?: FetchFn;
  /** default 10 s */
  timeoutMs?: number;
  /** from the last 200: sent as If-None-Match */
  etag?: string | null;
  /** from the last 200: sent as If-Modified-Since */
  lastModified?: string | null;
  /** default 5 MB */
  maxBytes?: number;
}

export interface FetchFeedResult {
  /** 304: nothing changed since etag / lastModified; items is empty */
  notModified: boolean;
  feed: ParsedFeed | null;
  items: FeedItem[];
  /** store these for the next conditional GET (kept from the options on a 304 without them) */
  etag: string | null;
  lastModified: string | null;
}

const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';
const USER_AGENT = 'MeridianNewsBot/1.0 (+feed reader)';

class TooLarge extends Error {}

function rssError(code: ErrorCode, message: string, data: Record<string, unknown>): DomainError {
  return domainError(code, message, { provider: 'rss', ...data });
}

/** Seconds from a Retry-After header (delta-seconds or HTTP date). */
function retryAfterSeconds(value: string | null, now: number): number | undefined {
  if (!value?.trim()) return undefined;
  const n = Number(value);
  if (Number.isFinite(n)) return Math.max(0, Math.ceil(n));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

async function readBounded(res: Response, maxBytes: number): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

/** Charset from the Content-Type header, else the BOM, else the XML declaration; UTF-8 by default. */
export function decodeFeedBytes(bytes: Uint8Array, contentType: string | null): string {
  let label = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = 'utf-8';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (!label) {
    const head = String.fromCharCode(...bytes.subarray(0, 200));
    label = /^<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8'); // a label this runtime does not know: UTF-8 is the best guess
  }
  return decoder.decode(bytes);
}

/** Where a URL points without its query (which may hold a private feed's key), for messages. */
function describe(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/**
 * GETs an RSS or Atom feed with a conditional request: a 304 yields no items. Failures are
 * catalogue errors with data {provider: 'rss', url, httpStatus?, retryable, permanent?}.
 */
export async function fetchFeed(url: string, options: FetchFeedOptions = {}): Promise<FetchFeedResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw domainError('BAD_REQUEST', `"${url}" is not a valid feed URL.`, { provider: 'rss' });
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw domainError('BAD_REQUEST', 'A feed URL must start with http:// or https://.', { provider: 'rss' });
  }
  const where = describe(target);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 5_000_000;
  const headers: Record<string, string> = { Accept: ACCEPT, 'User-Agent': USER_AGENT };
  if (options.etag) headers['If-None-Match'] = options.etag;
  if (options.lastModified) headers['If-Modified-Since'] = options.lastModified;

  const sent = await fetchWithTimeout(
    options.fetch ?? globalFetch,
    target.href,
    { method: 'GET', headers, redirect: 'follow' },
    timeoutMs,
  );
  if (!sent.ok) {
    throw sent.failure.kind === 'timeout'
      ? rssError('GATEWAY_TIMEOUT', `The feed at ${where} did not answer within ${timeoutMs / 1000} s.`, {
          url: where,
          retryable: true,
        })
      : rssError('BAD_GATEWAY', `Could not reach the feed at ${where}.`, { url: where, retryable: true });
  }
  const { res } = sent;
  const etag = res.headers.get('ETag') ?? options.etag ?? null;
  const lastModified = res.headers.get('Last-Modified') ?? options.lastModified ?? null;
  const data = { url: where, httpStatus: res.status };

  if (res.status === 304) {
    await res.body?.cancel().catch(() => {});
    return { notModified: true, feed: null, items: [], etag, lastModified };
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    const retryAfter = retryAfterSeconds(res.headers.get('Retry-After'), Date.now());
    if (res.status === 429) {
      const wait = retryAfter !== undefined ? `: retry after ${retryAfter} s` : '';
      throw rssError('TOO_MANY_REQUESTS', `The feed at ${where} asks us to slow down${wait}.`, {
        ...data,
        retryable: true,
        ...(retryAfter !== undefined && { retryAfter }),
      });
    }
    if ([401, 403, 404, 410].includes(res.status)) {
      throw rssError(
        'BAD_GATEWAY',
        `The feed at ${where} answered HTTP ${res.status}: check the feed URL in the source settings.`,
        {
          ...data,
          retryable: false,
          permanent: true,
        },
      );
    }
    throw rssError('BAD_GATEWAY', `The feed at ${where} answered HTTP ${res.status}.`, {
      ...data,
      retryable: res.status >= 500,
      ...(retryAfter !== undefined && { retryAfter }),
    });
  }

  let bytes: Uint8Array;
  try {
    bytes = await readBounded(res, maxBytes);
  } catch (err) {
    if (err instanceof TooLarge) {
      throw rssError('BAD_GATEWAY', `The feed at ${where} is larger than ${Math.round(maxBytes / 1e6)} MB.`, {
        ...data,
        retryable: false,
      });
    }
    throw isTimeout(err)
      ? rssError('GATEWAY_TIMEOUT', `The feed at ${where} did not finish within ${timeoutMs / 1000} s.`, {
          ...data,
          retryable: true,
        })
      : rssError('BAD_GATEWAY', `The connection to the feed at ${where} broke off.`, { ...data, retryable: true });
  }
  const parsed = parseFeed(decodeFeedBytes(bytes, res.headers.get('content-type')), { baseUrl: res.url || target.href });
  if (!parsed.ok) {
    const { reason, message, line, column } = parsed.error;
    throw rssError('BAD_GATEWAY', `The feed at ${where} could not be read. ${message}.`, {
      ...data,
      reason,
      ...(line !== undefined && { line, column }),
      retryable: reason === 'malformed-xml' || reason === 'empty',
    });
  }
  return { notModified: false, feed: parsed.feed, items: parsed.feed.items, etag, lastModified };
}
