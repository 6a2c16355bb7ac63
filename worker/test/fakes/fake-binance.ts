import { htmlResponse, throwTransportFailure, type TransportFailure } from './transport';
/**
 * A local Binance for tests: a fetch-compatible function that routes on the URL path like
 * api.binance.com / fapi.binance.com, checks X-MBX-APIKEY, the HMAC signature and the timestamp
 * window against its own clock, answers the documented shapes (numbers as strings) and can be told
 * to fail. It signs independently of the adapter so a shared bug cannot pass both.
 */

type Str = string;

export interface FakeSubAccount {
  email: string;
  remark?: string;
  isFreeze?: boolean;
  createTime?: number;
}

export interface FakeFuturesAsset {
  asset: string;
  walletBalance: Str;
  marginBalance: Str;
  unrealizedProfit: Str;
}

export interface FakePosition {
  symbol: string;
  positionAmount: Str;
  entryPrice: Str;
  markPrice: Str;
  liquidationPrice: Str;
  leverage: Str;
  unrealizedProfit: Str;
}

export interface FakeAccount {
  usdtM: {
    totalWalletBalance: Str;
    totalMarginBalance: Str;
    totalUnrealizedProfit: Str;
    totalInitialMargin: Str;
    totalMaintenanceMargin: Str;
  };
  coinMAssets: FakeFuturesAsset[];
  usdtPositions: FakePosition[];
  coinPositions: FakePosition[];
  balances: { asset: string; free: Str; locked: Str; freeze?: Str; withdrawing?: Str }[];
}

export type FakeFailure =
  | { type: 'rate-limit'; retryAfter?: number }
  | { type: 'ban'; retryAfter: number }
  | { type: 'error'; status: number; code: number; msg: string }
  | { type: 'unknown-503' }
  | { type: 'waf' }
  | TransportFailure;

export interface FakeBinanceOptions {
  apiKey: string;
  apiSecret: string;
  /** the server's clock; defaults to Date.now */
  now?: () => number;
  subAccounts?: FakeSubAccount[];
  accounts?: Record<string, FakeAccount>;
  /** spot tickers: symbol → price */
  tickers?: Record<string, Str>;
  /** futures mark prices: symbol → price */
  markPrices?: Record<string, Str>;
}

export interface FakeRequest {
  path: string;
  query: string;
  params: URLSearchParams;
  apiKey: string | null;
}

const UNKNOWN_503 = 'Unknown error, please check your request or try again later.';
const SAPI_WEIGHT: Record<string, number> = { '/sapi/v4/sub-account/assets': 60 };

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function binanceError(status: number, code: number, msg: string, headers: Record<string, string> = {}) {
  return json({ code, msg }, status, headers);
}

export async function hmacHex(secret: string, payload: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(payload)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class FakeBinance {
  readonly requests: FakeRequest[] = [];
  subAccounts: FakeSubAccount[];
  accounts: Record<string, FakeAccount>;
  tickers: Record<string, Str>;
  markPrices: Record<string, Str>;
  now: () => number;
  private readonly failures: { path?: string; failure: FakeFailure }[] = [];
  private readonly weights = { ip: 0, uid: 0, api: 0, futures: 0 };

  constructor(private readonly options: FakeBinanceOptions) {
    this.subAccounts = options.subAccounts ?? [];
    this.accounts = options.accounts ?? {};
    this.tickers = options.tickers ?? {};
    this.markPrices = options.markPrices ?? {};
    this.now = options.now ?? Date.now;
  }

  /** Queue failures answered before normal handling, in order; `path` limits one to that endpoint. */
  failNext(failure: FakeFailure, { times = 1, path }: { times?: number; path?: string } = {}): this {
    for (let i = 0; i < times; i++) this.failures.push({ path, failure });
    return this;
  }

  callsTo(path: string): FakeRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  /** Pass as the adapter's `fetch`. */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const query = url.search.slice(1);
    const recorded: FakeRequest = {
      path: url.pathname,
      query,
      params: url.searchParams,
      apiKey: request.headers.get('X-MBX-APIKEY'),
    };
    this.requests.push(recorded);
    const index = this.failures.findIndex((f) => f.path === undefined || f.path === url.pathname);
    if (index >= 0) {
      const [{ failure }] = this.failures.splice(index, 1) as [{ failure: FakeFailure }];
      return this.fail(failure);
    }
    return this.withWeight(url.pathname, await this.route(recorded));
  };

  private fail(failure: FakeFailure): Response {
    switch (failure.type) {
      case 'rate-limit': {
        const headers: Record<string, string> =
          failure.retryAfter !== undefined ? { 'Retry-After': String(failure.retryAfter) } : {};
        return binanceError(429, -1003, 'Too many requests; current limit of IP is 12000 requests per minute.', headers);
      }
      case 'ban':
        return binanceError(418, -1003, 'Way too many requests; IP banned until later.', {
          'Retry-After': String(failure.retryAfter),
        });
      case 'error':
        return binanceError(failure.status, failure.code, failure.msg);
      case 'unknown-503':
        return binanceError(503, -1000, UNKNOWN_503);
      case 'http':
        return htmlResponse(`<html><body>${failure.status}</body></html>`, failure.status);
      case 'waf':
        return htmlResponse('<html><head><title>403 Forbidden</title></head><body>Request blocked.</body></html>', 403);
      case 'network':
      case 'timeout':
        return throwTransportFailure(failure.type);
    }
  }

  private withWeight(path: string, res: Response): Response {
    const headers = new Headers(res.headers);
    if (path.startsWith('/sapi/')) {
      const uid = SAPI_WEIGHT[path];
      if (uid) headers.set('X-SAPI-USED-UID-WEIGHT-1M', String((this.weights.uid += uid)));
      else headers.set('X-SAPI-USED-IP-WEIGHT-1M', String((this.weights.ip += 1)));
    } else if (path.startsWith('/fapi/')) {
      headers.set('X-MBX-USED-WEIGHT-1M', String((this.weights.futures += 1)));
    } else {
      headers.set('X-MBX-USED-WEIGHT-1M', String((this.weights.api += path === '/api/v3/ticker/price' ? 4 : 1)));
    }
    return new Response(res.body, { status: res.status, headers });
  }

  /** Binance's SIGNED checks, in its order: key, recvWindow, timestamp window, signature. */
  private async verifySigned(req: FakeRequest): Promise<Response | null> {
    if (req.apiKey !== this.options.apiKey) return binanceError(401, -2015, 'Invalid API-key, IP, or permissions for action.');
    const recvWindow = Number(req.params.get('recvWindow') ?? 5000);
    if (!(recvWindow > 0 && recvWindow <= 60_000)) return binanceError(400, -1131, 'recvWindow must be less than 60000');
    const timestamp = Number(req.params.get('timestamp'));
    if (!req.params.get('timestamp') || !Number.isFinite(timestamp)) {
      return binanceError(400, -1102, "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed.");
    }
    const serverTime = this.now();
    if (timestamp >= serverTime + 1000 || serverTime - timestamp > recvWindow) {
      return binanceError(400, -1021, 'Timestamp for this request is outside of the recvWindow.');
    }
    const match = /^(.*)&signature=([0-9a-fA-F]+)$/.exec(req.query);
    if (!match || (await hmacHex(this.options.apiSecret, match[1]!)) !== match[2]!.toLowerCase()) {
      return binanceError(400, -1022, 'Signature for this request is not valid.');
    }
    return null;
  }

  private async route(req: FakeRequest): Promise<Response> {
    switch (req.path) {
      case '/api/v3/time':
        return json({ serverTime: this.now() });
      case '/api/v3/ticker/price':
        return this.tickerPrice(req.params.get('symbol'));
      case '/fapi/v1/premiumIndex':
        return this.premiumIndex(req.params.get('symbol'));
      case '/sapi/v1/sub-account/list':
      case '/sapi/v2/sub-account/futures/account':
      case '/sapi/v2/sub-account/futures/positionRisk':
      case '/sapi/v4/sub-account/assets':
        return (await this.verifySigned(req)) ?? this.subAccountRoute(req);
      default:
        return new Response('<html><body>404 Not Found</body></html>', { status: 404, headers: { 'content-type': 'text/html' } });
    }
  }

  private subAccountRoute(req: FakeRequest): Response {
    if (req.path === '/sapi/v1/sub-account/list') {
      const page = Number(req.params.get('page') ?? 1);
      const limit = Number(req.params.get('limit') ?? 1);
      if (!(limit >= 1 && limit <= 200)) return binanceError(400, -1130, 'Invalid data sent for a parameter.');
      const rows = this.subAccounts.slice((page - 1) * limit, page * limit).map((s) => ({
        email: s.email,
        remark: s.remark ?? '',
        isFreeze: s.isFreeze ?? false,
        createTime: s.createTime ?? 1_689_744_671_462,
        isManagedSubAccount: false,
        isAssetManagementSubAccount: false,
      }));
      return json({ subAccounts: rows });
    }
    const email = req.params.get('email');
    if (!email) return binanceError(400, -1102, "Mandatory parameter 'email' was not sent, was empty/null, or malformed.");
    const account = this.accounts[email];
    // Illustrative: the real code for a foreign email is not in PROVIDERS.md; the adapter treats it as any other refusal.
    if (!account) return binanceError(400, -12022, 'Sub-account does not exist.');
    if (req.path === '/sapi/v4/sub-account/assets') {
      return json({ balances: account.balances.map((b) => ({ freeze: '0', withdrawing: '0', ...b })) });
    }
    const futuresType = req.params.get('futuresType');
    if (futuresType !== '1' && futuresType !== '2') {
      return binanceError(400, -1102, "Mandatory parameter 'futuresType' was not sent, was empty/null, or malformed.");
    }
    const usdtM = futuresType === '1';
    if (req.path === '/sapi/v2/sub-account/futures/positionRisk') {
      return json(usdtM ? { futurePositionRiskVos: account.usdtPositions } : { deliveryPositionRiskVos: account.coinPositions });
    }
    const assets = account.coinMAssets.map((a) => ({
      ...a,
      initialMargin: '0',
      maintenanceMargin: '0',
      maxWithdrawAmount: a.walletBalance,
    }));
    return json(
      usdtM
        ? {
            futureAccountResp: {
              email,
              ...account.usdtM,
              assets: [],
              canDeposit: true,
              canTrade: true,
              canWithdraw: true,
              feeTier: 0,
              updateTime: this.now(),
            },
          }
        : {
            deliveryAccountResp: {
              email,
              assets,
              canDeposit: true,
              canTrade: true,
              canWithdraw: true,
              feeTier: 0,
              updateTime: this.now(),
            },
          },
    );
  }

  private tickerPrice(symbol: string | null): Response {
    if (symbol === null) return json(Object.entries(this.tickers).map(([s, price]) => ({ symbol: s, price })));
    const price = this.tickers[symbol];
    return price === undefined ? binanceError(400, -1121, 'Invalid symbol.') : json({ symbol, price });
  }

  private premiumIndex(symbol: string | null): Response {
    const row = (s: string, markPrice: string) => ({
      symbol: s,
      markPrice,
      indexPrice: markPrice,
      estimatedSettlePrice: markPrice,
      lastFundingRate: '0.00010000',
      interestRate: '0.00010000',
      nextFundingTime: 0,
      time: this.now(),
    });
    if (symbol === null) return json(Object.entries(this.markPrices).map(([s, p]) => row(s, p)));
    const price = this.markPrices[symbol];
    return price === undefined ? binanceError(400, -1121, 'Invalid symbol.') : json(row(symbol, price));
  }
}
