import type { RawTrade } from '../../exchanges/binance/trade-history';
import { hmacHex } from './fake-binance';

/**
 * A local Binance USDⓈ-M sub-account's history, for one key: `GET /fapi/v1/userTrades` (symbol
 * required; `fromId`, or a `startTime`/`endTime` window of at most 7 days, never both; oldest
 * first; limit ≤ 1000) and `GET /fapi/v1/income` (`startTime` inclusive, oldest first, limit ≤
 * 1000). Numbers as strings, commissions negative, as Binance sends them. It checks the key and
 * the signature and can be told to fail a request (503) to test restarts.
 */
export type FakeTrade = RawTrade;

export interface FakeIncome {
  symbol: string;
  incomeType: string;
  income: string;
  asset: string;
  time: number;
  tranId: number;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const WEEK = 7 * 24 * 3_600_000;

export class FakeBinanceHistory {
  readonly trades: FakeTrade[] = [];
  readonly income: FakeIncome[] = [];
  readonly requests: URL[] = [];
  /** fail the request with this index (0-based, counted over all requests) with a 503 */
  failAt: number | null = null;

  constructor(private readonly key: { apiKey: string; apiSecret: string }) {}

  /**
   * `n` trades over `spanMs` up to `end`, alternating between opening and closing a long per
   * symbol, with their commission and realized PnL lines in the income history, and a funding
   * payment every 8 hours.
   */
  generate(n: number, symbols: string[], end: number, spanMs: number): this {
    const pos: Record<string, { qty: number; entry: number }> = {};
    for (let i = 0; i < n; i++) {
      const symbol = symbols[i % symbols.length]!;
      const time = end - spanMs + Math.floor(((i + 1) * spanMs) / (n + 1));
      const price = (symbol.startsWith('BTC') ? 90_000 : 3_000) * (1 + 0.02 * Math.sin(i / 7));
      const p = (pos[symbol] ??= { qty: 0, entry: 0 });
      const side = p.qty > 0 ? 'SELL' : 'BUY';
      const qty = symbol.startsWith('BTC') ? 0.01 : 0.5;
      const realized = side === 'SELL' ? (price - p.entry) * qty : 0;
      if (side === 'BUY') pos[symbol] = { qty, entry: price };
      else pos[symbol] = { qty: 0, entry: 0 };
      const commission = price * qty * 0.0005;
      const id = 5_000_000 + i;
      this.trades.push({
        id,
        orderId: 9_000_000 + i,
        symbol,
        side,
        price: price.toFixed(2),
        qty: String(qty),
        commission: (-commission).toFixed(8),
        commissionAsset: 'USDT',
        realizedPnl: realized.toFixed(8),
        maker: false,
        time,
      });
      this.income.push({ symbol, incomeType: 'COMMISSION', income: (-commission).toFixed(8), asset: 'USDT', time, tranId: id });
      if (side === 'SELL')
        this.income.push({ symbol, incomeType: 'REALIZED_PNL', income: realized.toFixed(8), asset: 'USDT', time, tranId: id });
    }
    for (let t = Math.ceil((end - spanMs) / 28_800_000) * 28_800_000; t <= end; t += 28_800_000)
      this.income.push({
        symbol: symbols[0]!,
        incomeType: 'FUNDING_FEE',
        income: '-1.25000000',
        asset: 'USDT',
        time: t,
        tranId: t,
      });
    this.income.sort((a, b) => a.time - b.time);
    return this;
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const index = this.requests.push(url) - 1;
    if (index === this.failAt) return json({ code: -1, msg: 'Service unavailable' }, 503);
    if (request.headers.get('X-MBX-APIKEY') !== this.key.apiKey) return json({ code: -2015, msg: 'Invalid API-key' }, 401);
    const query = url.search.slice(1);
    const signature = url.searchParams.get('signature');
    const signed = query.slice(0, query.lastIndexOf('&signature='));
    if (signature !== (await hmacHex(this.key.apiSecret, signed))) return json({ code: -1022, msg: 'Signature invalid' }, 400);
    const q = (name: string) => (url.searchParams.has(name) ? Number(url.searchParams.get(name)) : undefined);
    const limit = Math.min(q('limit') ?? 500, 1000);
    if (url.pathname === '/fapi/v1/userTrades') {
      const symbol = url.searchParams.get('symbol');
      if (!symbol) return json({ code: -1102, msg: "Mandatory parameter 'symbol' was not sent" }, 400);
      const fromId = q('fromId');
      const start = q('startTime');
      const end = q('endTime');
      if (fromId !== undefined && (start !== undefined || end !== undefined))
        return json({ code: -1128, msg: 'Combination of optional parameters invalid.' }, 400);
      if (start !== undefined && end !== undefined && end - start > WEEK)
        return json({ code: -1127, msg: 'More than 7 days between startTime and endTime.' }, 400);
      const rows = this.trades.filter(
        (t) =>
          t.symbol === symbol &&
          (fromId === undefined || t.id >= fromId) &&
          (start === undefined || t.time >= start) &&
          (end === undefined || t.time <= end),
      );
      return json(rows.slice(0, limit));
    }
    if (url.pathname === '/fapi/v1/income') {
      const start = q('startTime') ?? 0;
      return json(this.income.filter((r) => r.time >= start).slice(0, limit));
    }
    return json({ code: -5000, msg: 'Path not found' }, 404);
  };
}
