// The faults phase's providers: the test fakes (worker/test/fakes/*.ts, bundled for Node into a
// git-ignored cache, not copied) behind one local HTTP server, which fails a share of the calls.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { importWorkerModules } from '../../scripts/lib.mjs';

export const FAULT_KINDS = ['5xx', 'timeout', '429', 'malformed'];

async function loadFakes() {
  const dir = fileURLToPath(new URL('../scratch/reliability-fakes/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  return importWorkerModules(
    [
      "export { FakeBinance } from './worker/test/fakes/fake-binance';",
      "export { sampleAccount, SAMPLE_TICKERS, SAMPLE_MARKS } from './worker/test/fakes/binance-fixtures';",
      "export { FakeX } from './worker/test/fakes/fake-x';",
      "export { FakeTelegram } from './worker/test/fakes/fake-telegram';",
      "export { FakeRss } from './worker/test/fakes/fake-rss';",
    ].join('\n'),
    dir,
  );
}

const PROVIDERS = [
  ['telegram', (path) => path.startsWith('/bot')],
  ['x', (path) => path.startsWith('/2/')],
  ['rss', (path) => path.startsWith('/feeds/')],
  ['exchange', () => true],
];

/** A failure as each provider would send it: 5xx, a hang past the client's timeout, 429 + Retry-After, a cut body. */
function fail(res, kind, provider) {
  if (kind === 'timeout') {
    // Longer than every adapter's timeout (Binance's is 10 s); then the connection is dropped.
    setTimeout(() => res.destroy(), 30_000).unref();
    return;
  }
  if (kind === '5xx') {
    res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
    return;
  }
  if (kind === '429') {
    const body =
      provider === 'telegram'
        ? { ok: false, error_code: 429, description: 'Too Many Requests: retry after 2', parameters: { retry_after: 2 } }
        : provider === 'x'
          ? { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 }
          : { code: -1003, msg: 'Too many requests; please use the websocket for live updates.' };
    // X says when its window resets (x-rate-limit-reset, unix seconds); here in 2 s, like Retry-After.
    const reset = { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + 2) };
    res
      .writeHead(429, { 'content-type': 'application/json', 'retry-after': '2', ...(provider === 'x' && reset) })
      .end(JSON.stringify(body));
    return;
  }
  const type = provider === 'rss' ? 'application/rss+xml' : 'application/json';
  res
    .writeHead(200, { 'content-type': type })
    .end(provider === 'rss' ? '<?xml version="1.0"?><rss><channel><item><title>cut' : '{"ok":true,"resu');
}

/**
 * Starts the fakes on `port`. `setFailureRate(0.2)` makes that share of calls fail (kinds in turn
 * at random); `counts` records calls and injected failures per provider and kind.
 */
export async function startFakeProviders(port, { apiKey, apiSecret, botToken, bearerToken, accounts }) {
  const fakes = await loadFakes();
  const binance = new fakes.FakeBinance({
    apiKey,
    apiSecret,
    subAccounts: accounts.map((email) => ({ email, remark: 'bench' })),
    accounts: Object.fromEntries(accounts.map((email) => [email, fakes.sampleAccount()])),
    tickers: fakes.SAMPLE_TICKERS,
    markPrices: fakes.SAMPLE_MARKS,
  });
  const x = new fakes.FakeX({
    bearerToken,
    users: [{ id: '4242', username: 'benchdesk', name: 'Bench Desk' }],
    rateLimit: 1_000_000,
  });
  const telegram = new fakes.FakeTelegram({ token: botToken });
  const rss = new fakes.FakeRss();
  const byName = { exchange: binance, x, telegram, rss };
  const counts = {};
  let rate = 0;
  const server = createServer(async (req, res) => {
    const provider = PROVIDERS.find(([, match]) => match(req.url))[0];
    const c = (counts[provider] ??= { calls: 0, failed: 0, byKind: {} });
    c.calls++;
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    if (Math.random() < rate) {
      const kind = FAULT_KINDS[Math.floor(Math.random() * FAULT_KINDS.length)];
      c.failed++;
      c.byKind[kind] = (c.byKind[kind] ?? 0) + 1;
      return fail(res, kind, provider);
    }
    try {
      const body = chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined;
      const answer = await byName[provider].fetch(`http://127.0.0.1:${port}${req.url}`, {
        method: req.method,
        headers: req.headers,
        body,
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      res.destroy(); // the fake's own network/timeout failure
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    binance,
    x,
    telegram,
    rss,
    counts,
    setFailureRate: (r) => (rate = r),
    close: () => new Promise((resolve) => server.close(resolve)).finally(() => server.closeAllConnections?.()),
  };
}
