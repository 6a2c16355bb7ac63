// The worker tests' fake Binance USDⓈ-M order desk (worker/test/fakes/fake-binance-orders.ts) behind
// a local HTTP server, so a running Worker can be pointed at it (BINANCE_FUTURES_BASE_URL). It
// checks key, timestamp and signature, filters and reduce-only exactly as in the tests, and notes
// when each order request arrives (performance clock of this process).
import { createServer } from 'node:http';
import { importWorkerModules, scratchDir } from '../scripts/lib.mjs';

//
// `history` (bench/fills.mjs): the same key's trade history and income as well
// (worker/test/fakes/fake-binance-history.ts: userTrades ≤ 1,000 a page, 7-day windows, fromId or a
// window; income ≤ 1,000 a page from startTime), `trades` fills over `spanMs` up to `end`.
export async function startFakeBinance({ port = 0, apiKey, apiSecret, symbols, history }) {
  const { FakeBinanceOrders, FakeBinanceHistory } = await importWorkerModules(
    "export { FakeBinanceOrders } from './worker/test/fakes/fake-binance-orders';\n" +
      "export { FakeBinanceHistory } from './worker/test/fakes/fake-binance-history';",
    scratchDir('fake-binance'),
  );
  const fake = new FakeBinanceOrders({ apiKey, apiSecret, symbols });
  const past = history
    ? new FakeBinanceHistory({ apiKey, apiSecret }).generate(history.trades, history.symbols, history.end, history.spanMs)
    : null;
  const historyPaths = new Set(['/fapi/v1/userTrades', '/fapi/v1/income']);
  /** clientOrderId → arrival times (ms since this process's time origin, as epoch) of each order POST */
  const arrivals = new Map();
  const server = createServer(async (req, res) => {
    const at = performance.timeOrigin + performance.now();
    const url = new URL(req.url, `http://127.0.0.1`);
    if (req.method === 'POST' && url.pathname === '/fapi/v1/order') {
      const id = url.searchParams.get('newClientOrderId') ?? '';
      arrivals.set(id, [...(arrivals.get(id) ?? []), at]);
    }
    try {
      const desk = past && historyPaths.has(url.pathname) ? past : fake;
      const answer = await desk.fetch(url.href, { method: req.method, headers: req.headers });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    } catch {
      // the fake was told to lose this answer: drop the connection like a timeout would
      res.destroy();
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    fake,
    history: past,
    arrivals,
    base: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
