import { z } from 'zod';
import { domainError } from '../../lib/domain-error';
import { fetchWithTimeout, globalFetch, parseJson, readText, trimBaseUrl, type FetchFn } from '../http';
import {
  mapXNetworkError,
  mapXPartialError,
  mapXResponseError,
  parseProblem,
  readRateLimit,
  unreadableX,
  type XRateLimit,
} from './errors';

export const DEFAULT_X_BASE_URL = 'https://api.x.com';

export interface XConfig {
  /** default https://api.x.com; a third-party provider with the same shapes works too */
  baseUrl?: string;
  bearerToken: string;
  fetch?: FetchFn;
  now?: () => number;
  /** per request, default 10 s */
  timeoutMs?: number;
}

export interface XUser {
  id: string;
  username: string;
  name: string;
}

export interface XTweet {
  id: string;
  /** X's text with its HTML escapes (&amp; &lt; &gt;) undone */
  text: string;
  /** ms since epoch */
  createdAt: number;
  authorId: string;
  authorUsername?: string;
  url: string;
  /** expanded targets of the t.co links in the text */
  links: string[];
  /** e.g. [{type: 'quoted', id}] (retweets and replies are excluded upstream) */
  referencedTweets: { type: string; id: string }[];
}

export interface TimelineOptions {
  /** only posts newer than this id */
  sinceId?: string;
  /** per page, 5–100; default 10 */
  maxResults?: number;
  /**
   * With a sinceId, pages followed while X reports more (default 3), so a burst between polls is
   * not skipped. Without a sinceId only the first page is read: a first poll does not backfill.
   */
  maxPages?: number;
}

export interface XTimelinePage {
  /** oldest first, unique, all newer than sinceId */
  tweets: XTweet[];
  /** the cursor to store as the next sinceId; null when nothing is new (keep the old cursor) */
  newestId: string | null;
  /** from the last response; null when X sent no x-rate-limit-* headers */
  rateLimit: XRateLimit | null;
  /** true when maxPages ran out with more posts left: some posts between the polls were skipped */
  truncated: boolean;
  /** requests sent (pages read) */
  requests?: number;
}

export interface SearchOptions {
  /** only posts newer than this id */
  sinceId?: string;
  /** per page, 10–100; default 10 */
  maxResults?: number;
  /** with a sinceId, pages followed while X reports more (default 3) */
  maxPages?: number;
}

const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
const NUMERIC_ID = /^\d{1,19}$/;
const TWITTER_EPOCH_MS = 1_288_834_974_657n;

export const userSchema = z.object({ id: z.string(), username: z.string(), name: z.string() });
export const tweetSchema = z.object({
  id: z.string().regex(NUMERIC_ID),
  text: z.string(),
  created_at: z.string().optional(),
  author_id: z.string().optional(),
  entities: z
    .object({
      urls: z
        .array(z.object({ url: z.string().optional(), expanded_url: z.string().optional(), unwound_url: z.string().optional() }))
        .optional(),
    })
    .optional(),
  referenced_tweets: z.array(z.object({ type: z.string(), id: z.string() })).optional(),
});
const timelineSchema = z.object({
  data: z.array(tweetSchema).optional(),
  includes: z.object({ users: z.array(userSchema).optional() }).optional(),
  meta: z
    .object({
      newest_id: z.string().regex(NUMERIC_ID).optional(),
      oldest_id: z.string().optional(),
      result_count: z.number().optional(),
      next_token: z.string().optional(),
    })
    .optional(),
  errors: z.array(z.unknown()).optional(),
});
const userLookupSchema = z.object({ data: userSchema.optional(), errors: z.array(z.unknown()).optional() });

export type RawTweet = z.infer<typeof tweetSchema>;

/** X's text escapes exactly these three characters. */
function unescapeXText(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (_, name: string) => (name === 'amp' ? '&' : name === 'lt' ? '<' : '>'));
}

/** The time encoded in a snowflake id, for a post that came without created_at. */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + TWITTER_EPOCH_MS);
}

export function compareIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function tweetUrl(id: string, username?: string): string {
  return username ? `https://x.com/${username}/status/${id}` : `https://x.com/i/web/status/${id}`;
}

/** X API v2, app-only (Bearer) reads: user lookup and user timelines polled with a since_id cursor. */
export class XClient {
  protected readonly baseUrl: string;
  protected readonly fetchFn: FetchFn;
  protected readonly now: () => number;
  protected readonly timeoutMs: number;

  constructor(protected readonly config: XConfig) {
    if (!config.bearerToken) throw domainError('INTERNAL_SERVER_ERROR', 'X bearer token is not configured');
    this.baseUrl = trimBaseUrl(config.baseUrl ?? DEFAULT_X_BASE_URL);
    this.fetchFn = config.fetch ?? globalFetch;
    this.now = config.now ?? Date.now;
    this.timeoutMs = config.timeoutMs ?? 10_000;
  }

  /** GET /2/users/by/username/:username. Accepts "@handle" too. */
  async lookupUser(username: string): Promise<XUser> {
    const handle = username.trim().replace(/^@/, '');
    if (!USERNAME.test(handle)) {
      throw domainError('BAD_REQUEST', `"${username}" is not a valid X username (1–15 letters, digits or _).`);
    }
    const subject = `user @${handle}`;
    const { body } = await this.get(`/2/users/by/username/${handle}`, new URLSearchParams(), subject);
    const parsed = userLookupSchema.safeParse(body);
    if (!parsed.success) throw unreadableX(subject);
    if (!parsed.data.data) throw mapXPartialError(parseProblem(body), subject);
    const { id, username: name, name: displayName } = parsed.data.data;
    return { id, username: name, name: displayName };
  }

  /** GET /2/users/:id/tweets, newer than sinceId, without retweets and replies. */
  async userTimeline(userId: string, options: TimelineOptions = {}): Promise<XTimelinePage> {
    const maxResults = options.maxResults ?? 10;
    const maxPages = options.maxPages ?? 3;
    if (!NUMERIC_ID.test(userId)) throw domainError('BAD_REQUEST', `"${userId}" is not an X user id.`);
    if (options.sinceId !== undefined && !NUMERIC_ID.test(options.sinceId)) {
      throw domainError('BAD_REQUEST', `"${options.sinceId}" is not an X post id.`);
    }
    if (!Number.isInteger(maxResults) || maxResults < 5 || maxResults > 100) {
      throw domainError('BAD_REQUEST', 'maxResults must be an integer from 5 to 100.');
    }
    if (!Number.isInteger(maxPages) || maxPages < 1) throw domainError('BAD_REQUEST', 'maxPages must be at least 1.');

    const params = new URLSearchParams({
      max_results: String(maxResults),
      exclude: 'retweets,replies',
      'tweet.fields': 'created_at,entities,referenced_tweets',
      expansions: 'author_id',
    });
    return this.readPages(`/2/users/${userId}/tweets`, params, 'pagination_token', {
      subject: `the timeline of user ${userId}`,
      sinceId: options.sinceId,
      maxPages,
      authorId: userId,
    });
  }

  /**
   * GET /2/tweets/search/recent: posts matching `query` (e.g. `(from:a OR from:b) -is:retweet`)
   * newer than sinceId, oldest first. One request reads every handle of the query, where a timeline
   * read costs one request per handle. With a sinceId, pages are followed while X reports more (up
   * to maxPages); without one, only the newest page is read (a first poll does not backfill).
   */
  async searchRecent(query: string, options: SearchOptions = {}): Promise<XTimelinePage> {
    const maxResults = options.maxResults ?? 10;
    const maxPages = options.maxPages ?? 3;
    if (!query.trim() || query.length > 4096) throw domainError('BAD_REQUEST', 'An X search query is 1–4096 characters.');
    if (options.sinceId !== undefined && !NUMERIC_ID.test(options.sinceId)) {
      throw domainError('BAD_REQUEST', `"${options.sinceId}" is not an X post id.`);
    }
    if (!Number.isInteger(maxResults) || maxResults < 10 || maxResults > 100) {
      throw domainError('BAD_REQUEST', 'maxResults must be an integer from 10 to 100.');
    }
    const params = new URLSearchParams({
      query,
      max_results: String(maxResults),
      'tweet.fields': 'created_at,entities,referenced_tweets,author_id',
      expansions: 'author_id',
      'user.fields': 'username',
    });
    return this.readPages('/2/tweets/search/recent', params, 'next_token', {
      subject: 'the recent search',
      sinceId: options.sinceId,
      maxPages,
    });
  }

  /**
   * Reads `path` page by page (newer than sinceId), following the cursor X names `cursorParam` while
   * it reports more, up to maxPages; without a sinceId only the first page. Posts come back oldest
   * first, unique, each newer than sinceId (a provider ignoring since_id is guarded against).
   */
  private async readPages(
    path: string,
    baseParams: URLSearchParams,
    cursorParam: 'pagination_token' | 'next_token',
    options: { subject: string; sinceId?: string; maxPages: number; authorId?: string },
  ): Promise<XTimelinePage> {
    const { subject, sinceId, maxPages } = options;
    const byId = new Map<string, XTweet>();
    let newestId: string | null = null;
    let rateLimit: XRateLimit | null = null;
    let nextToken: string | undefined;
    let pages = 0;
    do {
      const params = new URLSearchParams(baseParams);
      if (sinceId) params.set('since_id', sinceId);
      if (nextToken) params.set(cursorParam, nextToken);
      const { body, headers } = await this.get(path, params, subject);
      rateLimit = readRateLimit(headers) ?? rateLimit;
      pages++;
      const parsed = timelineSchema.safeParse(body);
      if (!parsed.success) throw unreadableX(subject);
      const { data, includes, meta, errors } = parsed.data;
      if (!data && errors?.length) throw mapXPartialError(parseProblem(body), subject);
      const usernames = new Map((includes?.users ?? []).map((u) => [u.id, u.username]));
      for (const raw of data ?? []) {
        // Guard against a provider that ignores since_id: never hand back a post we have seen.
        if (sinceId && compareIds(raw.id, sinceId) <= 0) continue;
        byId.set(raw.id, toTweet(raw, options.authorId ?? raw.author_id ?? '', usernames));
        if (newestId === null || compareIds(raw.id, newestId) > 0) newestId = raw.id;
      }
      nextToken = sinceId && data?.length ? meta?.next_token : undefined;
    } while (nextToken && pages < maxPages);
    const tweets = [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
    return { tweets, newestId, rateLimit, truncated: nextToken !== undefined, requests: pages };
  }

  /** One JSON request to X: a GET, or a POST with a JSON body; a non-2xx answer becomes a catalogue error. */
  protected async get(
    path: string,
    params: URLSearchParams,
    subject: string,
    post?: { body: unknown },
  ): Promise<{ body: unknown; headers: Headers }> {
    const query = params.toString();
    const url = `${this.baseUrl}${path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = { Authorization: `Bearer ${this.config.bearerToken}`, Accept: 'application/json' };
    const init: RequestInit = post
      ? { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(post.body) }
      : { method: 'GET', headers };
    const sent = await fetchWithTimeout(this.fetchFn, url, init, this.timeoutMs);
    if (!sent.ok) throw mapXNetworkError(sent.failure, this.timeoutMs);
    const { res } = sent;
    const read = await readText(res);
    if (!read.ok) throw mapXNetworkError(read.failure, this.timeoutMs);
    const body = parseJson(read.text);
    if (!res.ok) throw mapXResponseError(res.status, parseProblem(body), res.headers, this.now(), subject);
    if (body === undefined) throw unreadableX(subject);
    return { body, headers: res.headers };
  }
}

export function toTweet(raw: RawTweet, fallbackAuthorId: string, usernames: Map<string, string>): XTweet {
  const authorId = raw.author_id ?? fallbackAuthorId;
  const authorUsername = usernames.get(authorId);
  const parsedAt = raw.created_at ? Date.parse(raw.created_at) : NaN;
  const links = (raw.entities?.urls ?? [])
    .map((u) => u.unwound_url ?? u.expanded_url ?? u.url)
    .filter((u): u is string => typeof u === 'string' && u !== '');
  return {
    id: raw.id,
    text: unescapeXText(raw.text),
    createdAt: Number.isFinite(parsedAt) ? parsedAt : snowflakeTime(raw.id),
    authorId,
    ...(authorUsername !== undefined && { authorUsername }),
    url: tweetUrl(raw.id, authorUsername),
    links,
    referencedTweets: raw.referenced_tweets ?? [],
  };
}
