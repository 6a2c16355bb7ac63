import { escapeX, json, PROBLEM, queryMatcher, tweetPage, userNotFound, type FakeTweet, type FakeXUser } from './fake-x-shapes';
import { htmlResponse, throwTransportFailure, type TransportFailure } from './transport';
/**
 * A local X API v2 for tests: a fetch-compatible function that routes on the URL path like
 * api.x.com, checks the Bearer token, answers the documented shapes (ids as numeric strings, text
 * HTML-escaped as X does, meta {newest_id, oldest_id, result_count, next_token}), honours since_id
 * (numeric comparison), exclude and pagination, counts a 15-minute rate-limit window with the
 * x-rate-limit-* headers, and can be told to fail.
 */

export type { FakeTweet, FakeXUser };

export type FakeXFailure =
  /** 429; resetAt in unix seconds (default: the current window's reset) */
  | { type: 'rate-limit'; resetAt?: number; usageCapped?: boolean; withoutHeaders?: boolean }
  | { type: 'unauthorized' }
  | { type: 'client-forbidden' }
  | TransportFailure;

export interface FakeXOptions {
  bearerToken: string;
  now?: () => number;
  users?: FakeXUser[];
  /** requests per 15-minute window per endpoint; default 900 */
  rateLimit?: number;
}

export interface FakeXRequest {
  path: string;
  params: URLSearchParams;
  authorization: string | null;
}

const WINDOW_MS = 15 * 60 * 1000;
export { escapeX, json, PROBLEM, queryMatcher };

export class FakeX {
  readonly requests: FakeXRequest[] = [];
  readonly users: FakeXUser[];
  /** newest last */
  readonly tweets: FakeTweet[] = [];
  now: () => number;
  rateLimit: number;
  private nextId: bigint;
  /** Endpoints another fake adds (the filtered stream's): answered after the token check, or null to pass. */
  extraRoute?: (request: Request, url: URL) => Response | null | Promise<Response | null>;
  /** Called with each published post (the filtered stream delivers it to open connections). */
  onPost?: (tweet: FakeTweet) => void;
  private readonly failures: { path?: RegExp; failure: FakeXFailure }[] = [];
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(private readonly options: FakeXOptions) {
    this.users = options.users ?? [];
    this.now = options.now ?? Date.now;
    this.rateLimit = options.rateLimit ?? 900;
    // 18 digits, about to roll over to 19: a string comparison of ids would go wrong here.
    this.nextId = 999_999_999_999_999_990n;
  }

  /** Publishes a post by `username`; returns it. Ids increase like snowflakes. */
  post(username: string, text: string, extra: Partial<Omit<FakeTweet, 'id' | 'author_id' | 'text'>> = {}): FakeTweet {
    const user = this.users.find((u) => u.username.toLowerCase() === username.toLowerCase());
    if (!user) throw new Error(`fake X has no user ${username}`);
    const tweet: FakeTweet = {
      id: String(this.nextId++),
      text,
      created_at: new Date(this.now()).toISOString(),
      author_id: user.id,
      ...extra,
    };
    this.tweets.push(tweet);
    this.onPost?.(tweet);
    return tweet;
  }

  failNext(failure: FakeXFailure, { times = 1, path }: { times?: number; path?: RegExp } = {}): this {
    for (let i = 0; i < times; i++) this.failures.push({ path, failure });
    return this;
  }

  callsTo(pattern: RegExp): FakeXRequest[] {
    return this.requests.filter((r) => pattern.test(r.path));
  }

  /** Pass as the client's `fetch`. */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const recorded: FakeXRequest = {
      path: url.pathname,
      params: url.searchParams,
      authorization: request.headers.get('Authorization'),
    };
    this.requests.push(recorded);
    const index = this.failures.findIndex((f) => !f.path || f.path.test(url.pathname));
    if (index >= 0) {
      const [{ failure }] = this.failures.splice(index, 1) as [{ failure: FakeXFailure }];
      return this.fail(failure, url.pathname);
    }
    if (recorded.authorization !== `Bearer ${this.options.bearerToken}`) {
      return json({ title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }, 401);
    }
    const extra = await this.extraRoute?.(request, url);
    if (extra) return extra;
    if (request.method !== 'GET') return json({ title: 'Not Found', type: 'about:blank', status: 404 }, 404);
    const endpoint = this.endpointOf(url.pathname);
    const window = this.window(endpoint);
    if (window.used >= this.rateLimit) return this.tooMany(endpoint, undefined, false);
    window.used++;
    return this.withLimits(endpoint, this.route(url));
  };

  private endpointOf(path: string): string {
    if (path.startsWith('/2/users/by/username/')) return 'users/by/username';
    if (/^\/2\/users\/[^/]+\/tweets$/.test(path)) return 'users/tweets';
    if (path === '/2/tweets/search/recent') return 'tweets/search/recent';
    return path;
  }

  private window(endpoint: string) {
    const now = this.now();
    let w = this.windows.get(endpoint);
    if (!w || now >= w.start + WINDOW_MS) {
      w = { start: now, used: 0 };
      this.windows.set(endpoint, w);
    }
    return w;
  }

  private limitHeaders(endpoint: string): Record<string, string> {
    const w = this.window(endpoint);
    return {
      'x-rate-limit-limit': String(this.rateLimit),
      'x-rate-limit-remaining': String(Math.max(0, this.rateLimit - w.used)),
      'x-rate-limit-reset': String(Math.ceil((w.start + WINDOW_MS) / 1000)),
    };
  }

  private withLimits(endpoint: string, res: Response): Response {
    const headers = new Headers(res.headers);
    for (const [k, v] of Object.entries(this.limitHeaders(endpoint))) headers.set(k, v);
    return new Response(res.body, { status: res.status, headers });
  }

  private tooMany(endpoint: string, resetAt: number | undefined, usageCapped: boolean, withoutHeaders = false): Response {
    const headers: Record<string, string> = withoutHeaders
      ? {}
      : { ...this.limitHeaders(endpoint), 'x-rate-limit-remaining': '0' };
    if (resetAt !== undefined && !withoutHeaders) headers['x-rate-limit-reset'] = String(resetAt);
    const body = usageCapped
      ? {
          title: 'UsageCapExceeded',
          type: `${PROBLEM}usage-capped`,
          period: 'Monthly',
          scope: 'Product',
          detail: 'Usage cap exceeded: Monthly product cap',
        }
      : { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 };
    return json(body, 429, headers);
  }

  private fail(failure: FakeXFailure, path: string): Response {
    switch (failure.type) {
      case 'rate-limit':
        return this.tooMany(this.endpointOf(path), failure.resetAt, failure.usageCapped ?? false, failure.withoutHeaders);
      case 'unauthorized':
        return json({ title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }, 401);
      case 'client-forbidden':
        return json(
          {
            client_id: '12345',
            detail:
              'When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens from a Twitter developer App that is attached to a Project.',
            registration_url: 'https://developer.twitter.com/en/docs/projects/overview',
            title: 'Client Forbidden',
            required_enrollment: 'Appropriate Level of API Access',
            reason: 'client-not-enrolled',
            type: `${PROBLEM}client-forbidden`,
          },
          403,
        );
      case 'http':
        return htmlResponse(`<html><body>${failure.status}</body></html>`, failure.status);
      case 'network':
      case 'timeout':
        return throwTransportFailure(failure.type);
    }
  }

  private route(url: URL): Response {
    const byUsername = /^\/2\/users\/by\/username\/([^/]+)$/.exec(url.pathname);
    if (byUsername) {
      const name = decodeURIComponent(byUsername[1]!);
      if (!/^[A-Za-z0-9_]{1,15}$/.test(name)) {
        return json(
          {
            errors: [
              {
                parameters: { username: [name] },
                message: `The \`username\` query parameter value [${name}] does not match ^[A-Za-z0-9_]{1,15}$`,
              },
            ],
            title: 'Invalid Request',
            detail: 'One or more parameters to your request was invalid.',
            type: `${PROBLEM}invalid-request`,
          },
          400,
        );
      }
      const user = this.users.find((u) => u.username.toLowerCase() === name.toLowerCase());
      if (!user) {
        return userNotFound('username', name);
      }
      return json({ data: { id: user.id, name: user.name, username: user.username } });
    }
    const timeline = /^\/2\/users\/([^/]+)\/tweets$/.exec(url.pathname);
    if (timeline) return this.timeline(decodeURIComponent(timeline[1]!), url.searchParams);
    if (url.pathname === '/2/tweets/search/recent') return this.search(url.searchParams);
    return json({ title: 'Not Found', type: 'about:blank', status: 404, detail: 'Not Found' }, 404);
  }

  /** Longest query this fake's plan accepts (self-serve: 512). */
  maxQueryLength = 512;

  /**
   * GET /2/tweets/search/recent with the operators the pollers use: `from:` joined by OR (in
   * parentheses or not), `-is:retweet`, `-is:reply`; since_id, max_results 10–100, next_token.
   */
  private search(params: URLSearchParams): Response {
    const invalid = (detail: string) =>
      json({ errors: [{ message: detail }], title: 'Invalid Request', detail, type: `${PROBLEM}invalid-request` }, 400);
    const query = params.get('query') ?? '';
    if (!query || query.length > this.maxQueryLength) {
      return invalid(`The \`query\` query parameter value [${query}] is not between 1 and ${this.maxQueryLength} characters`);
    }
    const maxResults = Number(params.get('max_results') ?? 10);
    if (!Number.isInteger(maxResults) || maxResults < 10 || maxResults > 100) {
      return invalid(`The \`max_results\` query parameter value [${params.get('max_results')}] is not between 10 and 100`);
    }
    const sinceId = params.get('since_id');
    if (sinceId !== null && !/^\d{1,19}$/.test(sinceId)) return invalid('The `since_id` query parameter value is not valid');
    const matches = queryMatcher(query, this.users);
    const token = params.get('next_token');
    const untilId = token ? BigInt(atob(token)) : null;
    const since = sinceId ? BigInt(sinceId) : null;
    const matching = this.tweets
      .filter(matches)
      .filter((t) => since === null || BigInt(t.id) > since)
      .filter((t) => untilId === null || BigInt(t.id) < untilId)
      .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
    const page = matching.slice(0, maxResults);
    if (page.length === 0) return json({ meta: { result_count: 0 } });
    const fields = new Set((params.get('tweet.fields') ?? '').split(','));
    const withAuthor = params.get('expansions')?.includes('author_id') || fields.has('author_id');
    const { data, meta } = tweetPage(page, matching.length, fields, withAuthor);
    const users = [...new Set(page.map((t) => t.author_id))].map((id) => this.users.find((u) => u.id === id)!);
    const includes = params.get('expansions')?.includes('author_id')
      ? { users: users.map((u) => ({ id: u.id, name: u.name, username: u.username })) }
      : undefined;
    return json({ data, ...(includes && { includes }), meta });
  }

  private timeline(userId: string, params: URLSearchParams): Response {
    const invalid = (detail: string) =>
      json({ errors: [{ message: detail }], title: 'Invalid Request', detail, type: `${PROBLEM}invalid-request` }, 400);
    const maxResults = Number(params.get('max_results') ?? 10);
    if (!Number.isInteger(maxResults) || maxResults < 5 || maxResults > 100) {
      return invalid(`The \`max_results\` query parameter value [${params.get('max_results')}] is not between 5 and 100`);
    }
    const sinceId = params.get('since_id');
    if (sinceId !== null && !/^\d{1,19}$/.test(sinceId)) return invalid('The `since_id` query parameter value is not valid');
    const user = this.users.find((u) => u.id === userId);
    if (!user) {
      return userNotFound('id', userId);
    }
    const exclude = new Set((params.get('exclude') ?? '').split(',').filter(Boolean));
    const token = params.get('pagination_token');
    // The fake's opaque token is the id below which the next page starts.
    const untilId = token ? BigInt(atob(token)) : null;
    const since = sinceId ? BigInt(sinceId) : null;
    const matching = this.tweets
      .filter((t) => t.author_id === userId)
      .filter((t) => since === null || BigInt(t.id) > since)
      .filter((t) => untilId === null || BigInt(t.id) < untilId)
      .filter((t) => !(exclude.has('retweets') && t.referenced_tweets?.some((r) => r.type === 'retweeted')))
      .filter((t) => !(exclude.has('replies') && t.referenced_tweets?.some((r) => r.type === 'replied_to')))
      .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
    const page = matching.slice(0, maxResults);
    if (page.length === 0) return json({ meta: { result_count: 0 } });
    const fields = new Set((params.get('tweet.fields') ?? '').split(','));
    const withAuthor = params.get('expansions')?.includes('author_id') ?? false;
    const { data, meta } = tweetPage(page, matching.length, fields, withAuthor);
    const includes = withAuthor ? { users: [{ id: user.id, name: user.name, username: user.username }] } : undefined;
    return json({ data, ...(includes && { includes }), meta });
  }
}
