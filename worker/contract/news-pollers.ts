/**
 * How fast each news source may be read, as plain values and functions (no zod): the worker refuses
 * an interval that would spend more than a provider's rate limit, and the settings forms show the
 * same figures while the admin types.
 */

/** A provider's documented request budget: `requests` per `windowSeconds` (per app or per IP). */
export interface RateBudget {
  requests: number;
  windowSeconds: number;
  /** Where the figure comes from, shown beside it. */
  note: string;
}

/**
 * X API v2 recent search, app-only Bearer: 450 requests per 15 minutes (X's rate-limit table).
 * A plan with another figure sets X_SEARCH_REQUESTS_PER_15MIN.
 */
export const X_RECENT_SEARCH_BUDGET: RateBudget = {
  requests: 450,
  windowSeconds: 900,
  note: 'X recent search, per app',
};

/** X's recent search query is at most this long on self-serve plans (Pro allows 1,024). */
export const X_SEARCH_QUERY_MAX = 512;

/** OKX public announcements: 5 requests per 2 s per IP. */
export const OKX_ANNOUNCEMENTS_BUDGET: RateBudget = { requests: 5, windowSeconds: 2, note: 'OKX announcements, per IP' };
/** Bybit's public endpoints share 600 requests per 5 s per IP. */
export const BYBIT_PUBLIC_BUDGET: RateBudget = { requests: 600, windowSeconds: 5, note: 'Bybit public API, per IP' };

/** The fastest a polled source may go (the scheduler's unit: Durable Object alarms, to the second). */
export const MIN_POLL_SECONDS = 1;
/** Exchange announcement endpoints: polled every 1–2 s by default. */
export const DEFAULT_EXCHANGE_POLL_SECONDS = 2;
export const MAX_EXCHANGE_POLL_SECONDS = 60;

/** Requests one poller spends per budget window at this interval. */
export function requestsPerWindow(intervalSeconds: number, requestsPerPoll: number, budget: RateBudget): number {
  if (!(intervalSeconds > 0)) return Infinity;
  return Math.ceil((budget.windowSeconds / intervalSeconds) * requestsPerPoll);
}

/** The shortest interval that keeps `requestsPerPoll` within what is left of the budget (whole seconds). */
export function minIntervalSeconds(requestsPerPoll: number, budget: RateBudget, usedByOthers = 0): number | null {
  const left = budget.requests - usedByOthers;
  if (left <= 0) return null;
  return Math.max(MIN_POLL_SECONDS, Math.ceil((budget.windowSeconds * requestsPerPoll) / left));
}

/** "60 of 450 requests / 15 min": how a budget reads on the page. */
export function describeBudget(used: number, budget: RateBudget): string {
  const window = budget.windowSeconds % 60 === 0 ? `${budget.windowSeconds / 60} min` : `${budget.windowSeconds} s`;
  return `${used} of ${budget.requests} requests / ${window}`;
}

/**
 * X handles per recent-search request: `(from:a OR from:b …) -is:retweet -is:reply` must fit the
 * query limit. Each handle costs `from:` + up to 15 characters + ` OR `.
 */
export function xSearchRequestsPerPoll(handles: readonly string[], maxQuery = X_SEARCH_QUERY_MAX): number {
  return chunkHandles(handles, maxQuery).length || 0;
}

const QUERY_SUFFIX = ' -is:retweet -is:reply';

/** The query for one group of handles. */
export function xSearchQuery(handles: readonly string[]): string {
  const froms = handles.map((h) => `from:${h}`).join(' OR ');
  return `${handles.length > 1 ? `(${froms})` : froms}${QUERY_SUFFIX}`;
}

/** Handles grouped so each group's query fits `maxQuery` characters (order kept). */
export function chunkHandles(handles: readonly string[], maxQuery = X_SEARCH_QUERY_MAX): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  for (const handle of handles) {
    const next = [...current, handle];
    if (current.length && xSearchQuery(next).length > maxQuery) {
      groups.push(current);
      current = [handle];
    } else current = next;
  }
  if (current.length) groups.push(current);
  return groups;
}

/** What a poller is doing, as the sources page and System status show it. */
export const POLLER_STATES = [
  /** reading on its interval */
  'polling',
  /** a held connection (WebSocket, filtered stream) is open */
  'connected',
  /** opening or re-opening its connection */
  'connecting',
  /** waiting for the provider's rate-limit reset */
  'rate-limited',
  /** the last read failed; retried with a growing delay */
  'failing',
  /** outside its active window (X polling sessions) */
  'waiting',
  /** the provider is not configured (a missing secret) or the source is disabled */
  'off',
] as const;
export type PollerState = (typeof POLLER_STATES)[number];

/**
 * A poller's health before anything happened: polling, nothing read, no error, nothing counted. The
 * worker starts each poller from it; the web's component tests build their reports on it.
 */
export const IDLE_POLLER = {
  state: 'polling' as PollerState,
  nextAt: null,
  lastPollAt: null,
  lastOkAt: null,
  lastItemAt: null,
  rateLimitedUntil: null,
  lastError: null,
  consecutiveFailures: 0,
  connectedSince: null,
  polls: 0,
  requests: 0,
} as const;

/** The exchanges whose announcements can be a news source (one source each). */
export const ANNOUNCEMENT_EXCHANGES = ['binance', 'bybit', 'okx'] as const;
export type AnnouncementExchange = (typeof ANNOUNCEMENT_EXCHANGES)[number];
export const ANNOUNCEMENT_EXCHANGE_LABEL: Record<AnnouncementExchange, string> = {
  binance: 'Binance',
  bybit: 'Bybit',
  okx: 'OKX',
};
/** The news source id of an exchange's announcements (one per exchange). */
export const exchangeSourceId = (exchange: AnnouncementExchange) => `exchange-${exchange}`;
