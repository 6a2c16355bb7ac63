import { hmacHex } from './fake-binance';
import { throwTransportFailure } from './transport';

/**
 * A local Binance USDⓈ-M futures order desk for one sub-account's key: exchangeInfo, premiumIndex,
 * POST/GET/DELETE /fapi/v1/order (MARKET and LIMIT with GTC / IOC / GTX), DELETE allOpenOrders;
 * the Algo Service's conditional orders (POST/GET/DELETE /fapi/v1/algoOrder, closePosition); resting
 * limits fill and triggers fire when the test moves the mark across them (`moveMark`). It checks the key, the timestamp window and the HMAC signature (signed on
 * its own), the symbol's MARKET_LOT_SIZE / MIN_NOTIONAL filters, precision, the client id format and
 * reduce-only against its own positions, and can be told to lose an answer before or after filling.
 */
export interface FakeSymbol {
  symbol: string;
  stepSize: string;
  minQty: string;
  maxQty: string;
  minNotional: string;
  markPrice: string;
}

export type LostAnswer = { when: 'before-fill' | 'after-fill'; as: 'timeout' | '503' | '-1007' };

interface FakeOrder {
  orderId: number;
  clientOrderId: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  qty: number;
  price: number;
  type: 'MARKET' | 'LIMIT';
  timeInForce?: string;
  status: 'NEW' | 'FILLED' | 'CANCELED' | 'EXPIRED';
  executed: number;
}

const CLIENT_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const error = (status: number, code: number, msg: string) => json({ code, msg }, status);
const decimals = (s: string) => (s.includes('.') ? s.split('.')[1]!.replace(/0+$/, '').length : 0);

interface FakeAlgo {
  algoId: number;
  clientAlgoId: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  type: string;
  triggerPrice: number;
  algoStatus: 'NEW' | 'FINISHED' | 'CANCELED' | 'EXPIRED';
  executed: number;
  avgPrice: number;
  /** the matching engine's order, once triggered */
  actualOrderId?: number;
}

export class FakeBinanceOrders {
  readonly orders: FakeOrder[] = [];
  readonly algos: FakeAlgo[] = [];
  /** signed base quantity per symbol */
  readonly positions: Record<string, number> = {};
  readonly requests: { method: string; path: string; params: URLSearchParams }[] = [];
  private readonly lost: LostAnswer[] = [];
  private readonly failures: { code: number; msg: string; status: number }[] = [];
  private nextId = 1000;

  constructor(private readonly options: { apiKey: string; apiSecret: string; symbols: FakeSymbol[]; now?: () => number }) {}

  loseNextAnswer(lost: LostAnswer): this {
    this.lost.push(lost);
    return this;
  }

  /** The next order POST answers this Binance error (e.g. -2019 margin insufficient). */
  refuseNextOrder(status: number, code: number, msg: string): this {
    this.failures.push({ status, code, msg });
    return this;
  }

  /** The mark moves to `price`: resting limits it crosses fill at their own price. */
  moveMark(symbol: string, price: string): this {
    const s = this.options.symbols.find((x) => x.symbol === symbol)!;
    s.markPrice = price;
    for (const o of this.orders)
      if (o.symbol === symbol && o.status === 'NEW' && (o.side === 'BUY' ? Number(price) <= o.price : Number(price) >= o.price)) {
        this.positions[symbol] = (this.positions[symbol] ?? 0) + (o.side === 'BUY' ? 1 : -1) * (o.qty - o.executed);
        o.executed = o.qty;
        o.status = 'FILLED';
      }
    for (const a of this.algos) {
      if (a.symbol !== symbol || a.algoStatus !== 'NEW') continue;
      const below = (a.type === 'STOP_MARKET') === (a.side === 'SELL');
      if (below ? Number(price) > a.triggerPrice : Number(price) < a.triggerPrice) continue;
      // closePosition: the whole position as it is now, or nothing (expired) when there is none.
      const held = this.positions[symbol] ?? 0;
      const closes = held !== 0 && Math.sign(held) === (a.side === 'SELL' ? 1 : -1);
      a.algoStatus = closes ? 'FINISHED' : 'EXPIRED';
      if (closes) {
        a.actualOrderId = this.nextId++;
        a.executed = Math.abs(held);
        a.avgPrice = Number(price);
        this.positions[symbol] = 0;
      }
    }
    return this;
  }

  orderPosts() {
    return this.requests.filter((r) => r.method === 'POST' && r.path === '/fapi/v1/order');
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    this.requests.push({ method: request.method, path: url.pathname, params: url.searchParams });
    const symbolOf = (name: string | null) => this.options.symbols.find((s) => s.symbol === name);
    if (url.pathname === '/fapi/v1/exchangeInfo') {
      return json({
        symbols: this.options.symbols.map((s) => ({
          symbol: s.symbol,
          filters: [
            { filterType: 'PRICE_FILTER', tickSize: '0.10', minPrice: '0.10', maxPrice: '0' },
            { filterType: 'PERCENT_PRICE', multiplierUp: '1.0500', multiplierDown: '0.9500', multiplierDecimal: '4' },
            { filterType: 'LOT_SIZE', stepSize: s.stepSize, minQty: s.minQty, maxQty: String(Number(s.maxQty) * 10) },
            { filterType: 'MARKET_LOT_SIZE', stepSize: s.stepSize, minQty: s.minQty, maxQty: s.maxQty },
            { filterType: 'MIN_NOTIONAL', notional: s.minNotional },
          ],
        })),
      });
    }
    if (url.pathname === '/fapi/v1/premiumIndex') {
      const s = symbolOf(url.searchParams.get('symbol'));
      return s ? json({ symbol: s.symbol, markPrice: s.markPrice }) : error(400, -1121, 'Invalid symbol.');
    }
    if (url.pathname === '/fapi/v1/allOpenOrders' && request.method === 'DELETE') {
      const refused = await this.verifySigned(request, url);
      if (refused) return refused;
      for (const o of this.orders) if (o.symbol === url.searchParams.get('symbol') && o.status === 'NEW') o.status = 'CANCELED';
      return json({ code: 200, msg: 'The operation of cancel all open order is done.' });
    }
    if (url.pathname === '/fapi/v1/algoOrder') {
      const refused = await this.verifySigned(request, url);
      return refused ?? this.algo(request.method, url.searchParams);
    }
    if (url.pathname !== '/fapi/v1/order') return new Response('Not found', { status: 404 });
    const refused = await this.verifySigned(request, url);
    if (refused) return refused;
    const found = this.orders.find((o) => o.clientOrderId === url.searchParams.get('origClientOrderId'));
    if (request.method === 'GET') return found ? json(this.orderBody(found)) : error(400, -2013, 'Order does not exist.');
    if (request.method === 'DELETE') {
      if (!found) return error(400, -2013, 'Order does not exist.');
      if (found.status !== 'NEW') return error(400, -2011, 'Unknown order sent.');
      found.status = 'CANCELED';
      return json(this.orderBody(found));
    }
    if (request.method !== 'POST') return error(400, -1102, 'Unsupported method');
    return this.place(url.searchParams, symbolOf(url.searchParams.get('symbol')));
  };

  private async place(p: URLSearchParams, s: FakeSymbol | undefined): Promise<Response> {
    const lost = this.lost.shift();
    if (lost?.when === 'before-fill') return this.loseAnswer(lost);
    const failure = this.failures.shift();
    if (failure) return error(failure.status, failure.code, failure.msg);
    if (!s) return error(400, -1121, 'Invalid symbol.');
    const type = p.get('type');
    if (type !== 'MARKET' && type !== 'LIMIT') return error(400, -1116, 'Invalid orderType.');
    const limit = type === 'LIMIT' ? Number(p.get('price')) : null;
    const timeInForce = p.get('timeInForce') ?? undefined;
    if (limit !== null) {
      if (!['GTC', 'IOC', 'FOK', 'GTX'].includes(timeInForce ?? '')) return error(400, -1115, 'Invalid timeInForce.');
      const ticks = limit / 0.1;
      if (!(limit > 0) || Math.abs(ticks - Math.round(ticks)) > 1e-6)
        return error(400, -4014, 'Price not increased by tick size.');
      const mark = Number(s.markPrice);
      if (limit > mark * 1.05) return error(400, -4016, `Limit price can't be higher than ${(mark * 1.05).toFixed(1)}.`);
      if (limit < mark * 0.95) return error(400, -4024, `Limit price can't be lower than ${(mark * 0.95).toFixed(1)}.`);
    }
    const clientOrderId = p.get('newClientOrderId') ?? '';
    if (!CLIENT_ID.test(clientOrderId)) return error(400, -4015, 'Client order id is not valid.');
    if (this.orders.some((o) => o.clientOrderId === clientOrderId)) return error(400, -4116, 'ClientOrderId is duplicated.');
    const rawQty = p.get('quantity') ?? '';
    const qty = Number(rawQty);
    if (decimals(rawQty) > decimals(s.stepSize))
      return error(400, -1111, 'Precision is over the maximum defined for this asset.');
    const steps = qty / Number(s.stepSize);
    if (!(qty >= Number(s.minQty) && qty <= Number(s.maxQty)) || Math.abs(steps - Math.round(steps)) > 1e-9)
      return error(400, -1013, 'Filter failure: MARKET_LOT_SIZE');
    const side = p.get('side') as 'BUY' | 'SELL';
    const sign = side === 'BUY' ? 1 : -1;
    const held = this.positions[s.symbol] ?? 0;
    const reduceOnly = p.get('reduceOnly') === 'true';
    if (reduceOnly && !(held !== 0 && Math.sign(held) === -sign && qty <= Math.abs(held) + 1e-12))
      return error(400, -2022, 'ReduceOnly Order is rejected.');
    const mark = Number(s.markPrice);
    const price = limit ?? mark;
    if (!reduceOnly && qty * price < Number(s.minNotional))
      return error(400, -4164, `Order's notional must be no smaller than ${s.minNotional} (unless you choose reduce only).`);
    const crosses = limit === null || (side === 'BUY' ? limit >= mark : limit <= mark);
    if (crosses && timeInForce === 'GTX')
      return error(400, -5022, 'Due to the order could not be executed as maker, the Post Only order will be rejected.');
    const order: FakeOrder = {
      orderId: this.nextId++,
      clientOrderId,
      symbol: s.symbol,
      side,
      qty,
      price: crosses ? mark : limit,
      type,
      timeInForce,
      status: crosses ? 'FILLED' : timeInForce === 'IOC' ? 'EXPIRED' : 'NEW',
      executed: crosses ? qty : 0,
    };
    this.orders.push(order);
    if (crosses) this.positions[s.symbol] = held + sign * qty;
    if (lost) return this.loseAnswer(lost);
    return json(this.orderBody(order));
  }

  private algo(method: string, p: URLSearchParams): Response {
    const found = this.algos.find((a) => a.clientAlgoId === p.get('clientAlgoId'));
    if (method === 'GET') return found ? json(this.algoBody(found)) : error(400, -2013, 'Order does not exist.');
    if (method === 'DELETE') {
      if (!found) return error(400, -2013, 'Order does not exist.');
      if (found.algoStatus !== 'NEW') return error(400, -2011, 'Unknown order sent.');
      found.algoStatus = 'CANCELED';
      return json({ algoId: found.algoId, clientAlgoId: found.clientAlgoId, code: '200', msg: 'success' });
    }
    const s = this.options.symbols.find((x) => x.symbol === p.get('symbol'));
    if (!s) return error(400, -1121, 'Invalid symbol.');
    if (p.get('algoType') !== 'CONDITIONAL') return error(400, -1116, 'Invalid algoType.');
    const type = p.get('type') ?? '';
    if (!['STOP_MARKET', 'TAKE_PROFIT_MARKET'].includes(type)) return error(400, -1116, 'Invalid orderType.');
    if (p.get('closePosition') !== 'true' || p.has('quantity'))
      return error(400, -1106, 'Parameter closePosition sent when not required.');
    const clientAlgoId = p.get('clientAlgoId') ?? '';
    if (!CLIENT_ID.test(clientAlgoId)) return error(400, -4015, 'Client order id is not valid.');
    if (this.algos.some((a) => a.clientAlgoId === clientAlgoId)) return error(400, -4116, 'ClientOrderId is duplicated.');
    const side = p.get('side') as 'BUY' | 'SELL';
    const triggerPrice = Number(p.get('triggerPrice'));
    const mark = Number(s.markPrice);
    const below = (type === 'STOP_MARKET') === (side === 'SELL');
    if (below ? mark <= triggerPrice : mark >= triggerPrice) return error(400, -2021, 'Order would immediately trigger.');
    const algo: FakeAlgo = {
      algoId: this.nextId++,
      clientAlgoId,
      symbol: s.symbol,
      side,
      type,
      triggerPrice,
      algoStatus: 'NEW',
      executed: 0,
      avgPrice: 0,
    };
    this.algos.push(algo);
    return json(this.algoBody(algo));
  }

  private algoBody(a: FakeAlgo) {
    return {
      algoId: a.algoId,
      clientAlgoId: a.clientAlgoId,
      algoType: 'CONDITIONAL',
      orderType: a.type,
      symbol: a.symbol,
      side: a.side,
      algoStatus: a.algoStatus,
      triggerPrice: String(a.triggerPrice),
      workingType: 'MARK_PRICE',
      closePosition: true,
      executedQty: String(a.executed),
      avgPrice: String(a.avgPrice),
      actualOrderId: a.actualOrderId === undefined ? '' : String(a.actualOrderId),
    };
  }

  private loseAnswer(lost: LostAnswer): Response {
    if (lost.as === 'timeout') return throwTransportFailure('timeout');
    if (lost.as === '503') return error(503, -1000, 'Unknown error, please check your request or try again later.');
    return error(408, -1007, 'Timeout waiting for response from backend server. Send status unknown; execution status unknown.');
  }

  private orderBody(o: FakeOrder) {
    return {
      orderId: o.orderId,
      clientOrderId: o.clientOrderId,
      symbol: o.symbol,
      side: o.side,
      type: o.type,
      timeInForce: o.timeInForce ?? 'GTC',
      price: o.type === 'LIMIT' ? String(o.price) : '0',
      status: o.status,
      origQty: String(o.qty),
      executedQty: String(o.executed),
      avgPrice: o.executed > 0 ? String(o.price) : '0.00',
    };
  }

  private async verifySigned(request: Request, url: URL): Promise<Response | null> {
    if (request.headers.get('X-MBX-APIKEY') !== this.options.apiKey)
      return error(401, -2015, 'Invalid API-key, IP, or permissions for action.');
    const timestamp = Number(url.searchParams.get('timestamp'));
    const recvWindow = Number(url.searchParams.get('recvWindow') ?? 5000);
    const now = (this.options.now ?? Date.now)();
    if (!Number.isFinite(timestamp) || timestamp >= now + 1000 || now - timestamp > recvWindow)
      return error(400, -1021, 'Timestamp for this request is outside of the recvWindow.');
    const match = /^(.*)&signature=([0-9a-f]+)$/.exec(url.search.slice(1));
    if (!match || (await hmacHex(this.options.apiSecret, match[1]!)) !== match[2])
      return error(400, -1022, 'Signature for this request is not valid.');
    return null;
  }
}
