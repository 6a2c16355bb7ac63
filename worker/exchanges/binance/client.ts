import { domainError } from '../../lib/domain-error';
import type { UsedWeight } from '../types';
import { classifyNetworkError, classifyResponse, parseErrorBody, type Failure } from './errors';
import { buildQuery, createSigner, type QueryParams, type SignedRequestConfig } from './sign';

export interface BinanceConfig extends SignedRequestConfig {
  baseUrl: string;
  futuresBaseUrl?: string;
  /** Retries after the first attempt for 5xx, network errors and short Retry-After waits; default 3. */
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
  /** First backoff delay, doubled per retry; default 200 ms. */
  backoffMs?: number;
  /** A Retry-After longer than this is surfaced instead of waited out; default 10 s. */
  maxRetryAfterMs?: number;
  /** Per-request timeout; default 10 s. */
  timeoutMs?: number;
}

export const DEFAULT_FUTURES_BASE_URL = 'https://fapi.binance.com';

type Host = 'spot' | 'futures';

type Attempt = { ok: true; body: unknown } | { ok: false; failure: Failure };

const WEIGHT_HEADERS = {
  sapiIp: 'X-SAPI-USED-IP-WEIGHT-1M',
  sapiUid: 'X-SAPI-USED-UID-WEIGHT-1M',
} as const;

/** Binance REST over fetch: signing, server-time offset, retries, error mapping, weight tracking. */
export class BinanceHttpClient {
  private readonly baseUrl: string;
  private readonly futuresBaseUrl: string;
  private readonly recvWindow: number;
  private readonly fetchFn: NonNullable<BinanceConfig['fetch']>;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRetries: number;
  private readonly backoffMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly timeoutMs: number;
  private readonly sign: (payload: string) => Promise<string>;
  /** serverTime − our clock, learned on -1021; added to every timestamp we send. */
  private offsetMs = 0;
  private resyncing: Promise<void> | undefined;
  private clockSyncs = 0;
  private readonly weight: UsedWeight = { sapiIp: null, sapiUid: null, api: null, futures: null, at: null };

  constructor(private readonly config: BinanceConfig) {
    const recvWindow = config.recvWindow ?? 5000;
    if (!(recvWindow > 0 && recvWindow <= 60_000)) throw new RangeError('Binance recvWindow must be in (0, 60000] ms');
    this.recvWindow = recvWindow;
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.futuresBaseUrl = (config.futuresBaseUrl ?? DEFAULT_FUTURES_BASE_URL).replace(/\/+$/, '');
    // Bound through a closure: workerd throws "Illegal invocation" when fetch is called detached.
    this.fetchFn = config.fetch ?? ((input, init) => fetch(input, init));
    this.now = config.now ?? Date.now;
    this.sleep = config.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.maxRetries = config.maxRetries ?? 3;
    this.backoffMs = config.backoffMs ?? 200;
    this.maxRetryAfterMs = config.maxRetryAfterMs ?? 10_000;
    this.timeoutMs = config.timeoutMs ?? 10_000;
    this.sign = createSigner(config.apiSecret);
  }

  lastUsedWeight(): UsedWeight {
    return { ...this.weight };
  }

  clockOffsetMs(): number {
    return this.offsetMs;
  }

  /** A SIGNED (USER_DATA) GET on the spot host: timestamp, recvWindow and signature are rebuilt per attempt. */
  signedGet<T>(path: string, params: QueryParams = {}): Promise<T> {
    return this.request<T>('spot', true, async () => {
      const query = buildQuery({ ...params, recvWindow: this.recvWindow, timestamp: Math.round(this.now() + this.offsetMs) });
      const signature = await this.sign(query);
      return { url: `${this.baseUrl}${path}?${query}&signature=${signature}`, headers: { 'X-MBX-APIKEY': this.config.apiKey } };
    });
  }

  /** A public market-data GET (no key, no signature). */
  publicGet<T>(host: Host, path: string, params: QueryParams = {}): Promise<T> {
    const query = buildQuery(params);
    const base = host === 'futures' ? this.futuresBaseUrl : this.baseUrl;
    const url = `${base}${path}${query ? `?${query}` : ''}`;
    return this.request<T>(host, false, async () => ({ url, headers: {} }));
  }

  private async request<T>(host: Host, signed: boolean, build: () => Promise<{ url: string; headers: Record<string, string> }>) {
    let retries = 0;
    let resynced = false;
    for (;;) {
      const clockAtSend = this.clockSyncs;
      const { url, headers } = await build();
      const attempt = await this.attempt(host, url, headers);
      if (attempt.ok) return attempt.body as T;
      const { error, retry } = attempt.failure;
      if (retry.kind === 'resync-clock' && signed && !resynced) {
        resynced = true;
        // A parallel request may already have re-synced since this one was signed: reuse its offset.
        if (this.clockSyncs === clockAtSend) await this.resyncClock();
        continue;
      }
      if (retries >= this.maxRetries || (retry.kind !== 'backoff' && retry.kind !== 'after')) throw error;
      await this.sleep(retry.kind === 'after' ? retry.ms : this.backoffMs * 2 ** retries);
      retries++;
    }
  }

  private async attempt(host: Host, url: string, headers: Record<string, string>): Promise<Attempt> {
    let res: Response;
    let text: string;
    try {
      res = await this.fetchFn(url, { method: 'GET', headers, signal: AbortSignal.timeout(this.timeoutMs) });
      text = await res.text();
    } catch (err) {
      return { ok: false, failure: classifyNetworkError(err, this.timeoutMs) };
    }
    this.recordWeight(host, res.headers);
    const options = { now: this.now(), maxRetryAfterMs: this.maxRetryAfterMs };
    if (!res.ok) return { ok: false, failure: classifyResponse(res.status, parseErrorBody(text), res.headers, options) };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return {
        ok: false,
        failure: { error: domainError('BAD_GATEWAY', 'Binance sent an unreadable response.'), retry: { kind: 'backoff' } },
      };
    }
    // Some sapi endpoints report errors as HTTP 200 with {code, msg}.
    const { code, msg } = (body ?? {}) as { code?: unknown; msg?: unknown };
    if (typeof code === 'number' && code < 0 && typeof msg === 'string') {
      return { ok: false, failure: classifyResponse(res.status, { code, msg }, res.headers, options) };
    }
    return { ok: true, body };
  }

  private recordWeight(host: Host, headers: Headers) {
    let seen = false;
    const read = (name: string) => {
      const value = headers.get(name);
      const n = value === null ? NaN : Number(value);
      if (Number.isFinite(n)) seen = true;
      return Number.isFinite(n) ? n : null;
    };
    for (const [field, header] of Object.entries(WEIGHT_HEADERS) as [keyof typeof WEIGHT_HEADERS, string][]) {
      this.weight[field] = read(header) ?? this.weight[field];
    }
    const mbx = read('X-MBX-USED-WEIGHT-1M');
    if (mbx !== null) this.weight[host === 'futures' ? 'futures' : 'api'] = mbx;
    if (seen) this.weight.at = this.now();
  }

  /** Learns serverTime − local time from GET /api/v3/time; concurrent -1021s share one sync. */
  private resyncClock(): Promise<void> {
    this.resyncing ??= (async () => {
      const sentAt = this.now();
      const { serverTime } = await this.publicGet<{ serverTime: number }>('spot', '/api/v3/time');
      if (typeof serverTime !== 'number' || !Number.isFinite(serverTime)) {
        throw domainError('BAD_GATEWAY', 'Binance sent an invalid server time.');
      }
      // Assume the server read its clock halfway through the round trip.
      this.offsetMs = serverTime - (sentAt + this.now()) / 2;
      this.clockSyncs++;
    })().finally(() => {
      this.resyncing = undefined;
    });
    return this.resyncing;
  }
}
