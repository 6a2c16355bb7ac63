import { throwTransportFailure, type TransportFailure } from './transport';
/**
 * Local fakes of the exchanges' announcement sources, answering their documented shapes:
 * - Bybit `GET /v5/announcements/index` → {retCode, retMsg, result: {total, list[]}}, its IP
 *   limiter (HTTP 403 "access too frequent", or retCode 10006 with X-Bapi-Limit-Reset-Timestamp);
 * - OKX `GET /api/v5/support/announcements` → {code: "0", data: [{details[], totalPage}]}, 5
 *   requests per 2 s per IP (HTTP 429 with code 50011), ETag / If-None-Match;
 * - Binance's `com_announcement_en` WebSocket: in fake-binance-announcements.ts (it needs workerd's
 *   WebSocketPair; these two also run in Node, where e2e/ serves them over HTTP).
 * Each is a fetch-compatible function; bench/ and e2e/ serve the same fakes over HTTP.
 */

export type FakeExchangeFailure = TransportFailure | { type: 'rate-limit' } | { type: 'error-code' };

interface FakeRequest {
  path: string;
  params: URLSearchParams;
  headers: Headers;
  at: number;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export abstract class FakeExchangeBase {
  readonly requests: FakeRequest[] = [];
  protected readonly failures: FakeExchangeFailure[] = [];
  now: () => number;

  constructor(now?: () => number) {
    this.now = now ?? Date.now;
  }

  failNext(failure: FakeExchangeFailure, times = 1): this {
    for (let i = 0; i < times; i++) this.failures.push(failure);
    return this;
  }

  protected record(input: RequestInfo | URL, init?: RequestInit): { url: URL; request: Request } {
    const request = new Request(input, init);
    const url = new URL(request.url);
    this.requests.push({ path: url.pathname, params: url.searchParams, headers: request.headers, at: this.now() });
    return { url, request };
  }

  private window = { start: 0, used: 0 };

  /** The exchange's per-IP limiter: a fixed window of `windowMs` allowing `limit` requests; true once over. */
  protected overIpLimit(limit: number, windowMs: number): boolean {
    const now = this.now();
    if (now - this.window.start >= windowMs) this.window = { start: now, used: 0 };
    return ++this.window.used > limit;
  }

  protected transport(failure: FakeExchangeFailure): Response | null {
    if (failure.type === 'network' || failure.type === 'timeout') return throwTransportFailure(failure.type);
    if (failure.type === 'http')
      return new Response('<html>error</html>', { status: failure.status, headers: { 'content-type': 'text/html' } });
    return null;
  }
}

export interface FakeBybitAnnouncement {
  title: string;
  description?: string;
  type?: { title: string; key: string };
  tags?: string[];
  url?: string;
  publishTime?: number;
}

export class FakeBybit extends FakeExchangeBase {
  /** newest first, as Bybit lists them */
  readonly announcements: Required<FakeBybitAnnouncement>[] = [];
  private seq = 1;
  /** requests per 5 s before the IP limiter answers 403 */
  limitPer5s = 600;

  publish(a: FakeBybitAnnouncement) {
    const at = a.publishTime ?? this.now();
    const full = {
      title: a.title,
      description: a.description ?? '',
      type: a.type ?? { title: 'New Listings', key: 'new_crypto' },
      tags: a.tags ?? [],
      url: a.url ?? `https://announcements.bybit.com/en/article/fake-${this.seq++}`,
      publishTime: at,
    };
    this.announcements.unshift(full);
    return full;
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const { url } = this.record(input, init);
    const failure = this.failures.shift();
    if (failure) {
      const t = this.transport(failure);
      if (t) return t;
      if (failure.type === 'rate-limit')
        return json({ retCode: 10006, retMsg: 'Too many visits!', result: {} }, 200, {
          'X-Bapi-Limit-Status': '0',
          'X-Bapi-Limit-Reset-Timestamp': String(this.now() + 1_000),
        });
      return json({ retCode: 10001, retMsg: 'params error', result: {} });
    }
    if (this.overIpLimit(this.limitPer5s, 5_000)) return new Response('access too frequent', { status: 403 });
    if (url.pathname !== '/v5/announcements/index') return json({ retCode: 10404, retMsg: 'not found' }, 404);
    if (!url.searchParams.get('locale')) return json({ retCode: 10001, retMsg: 'locale is required', result: {} });
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const list = this.announcements.slice(0, limit).map((a) => ({
      title: a.title,
      description: a.description,
      type: a.type,
      tags: a.tags,
      url: a.url,
      dateTimestamp: a.publishTime,
      startDateTimestamp: 0,
      endDateTimestamp: 0,
      publishTime: a.publishTime,
    }));
    return json({
      retCode: 0,
      retMsg: 'OK',
      result: { total: this.announcements.length, list },
      retExtInfo: {},
      time: this.now(),
    });
  };
}

export interface FakeOkxAnnouncement {
  title: string;
  annType?: string;
  url?: string;
  pTime?: number;
}

export class FakeOkx extends FakeExchangeBase {
  readonly announcements: { annType: string; title: string; url: string; pTime: string; businessPTime: string }[] = [];
  private seq = 1;
  private version = 0;
  /** requests per 2 s per IP (OKX: 5) */
  limitPer2s = 5;

  publish(a: FakeOkxAnnouncement) {
    const at = a.pTime ?? this.now();
    const full = {
      annType: a.annType ?? 'announcements-new-listings',
      title: a.title,
      url: a.url ?? `https://www.okx.com/help/fake-announcement-${this.seq++}`,
      pTime: String(at),
      businessPTime: String(Math.floor(at / 60_000) * 60_000),
    };
    this.announcements.unshift(full);
    this.version++;
    return full;
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const { url, request } = this.record(input, init);
    const failure = this.failures.shift();
    const tooMany = () => json({ code: '50011', msg: 'Too Many Requests', data: [] }, 429);
    if (failure) {
      const t = this.transport(failure);
      if (t) return t;
      if (failure.type === 'rate-limit') return tooMany();
      return json({ code: '50000', msg: 'Body can not be empty', data: [] }, 400);
    }
    if (this.overIpLimit(this.limitPer2s, 2_000)) return tooMany();
    if (url.pathname !== '/api/v5/support/announcements') return json({ code: '50030', msg: 'not found', data: [] }, 404);
    const etag = `"v${this.version}-${url.searchParams.get('annType') ?? 'all'}"`;
    if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
    const annType = url.searchParams.get('annType');
    const details = this.announcements.filter((a) => !annType || a.annType === annType).slice(0, 20);
    return json({ code: '0', msg: '', data: [{ details, totalPage: '1' }] }, 200, { ETag: etag });
  };
}
