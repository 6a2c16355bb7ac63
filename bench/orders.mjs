// The order path's figures, against the local fake Binance futures desk (bench/fake-binance-server.mjs):
//   1. server overhead: placeOrder received → the exchange request leaving the Worker (risk check,
//      sealed-key opening, mark price and signing included): in the Worker (orders.sent_at −
//      received_at) and from outside (client send → the fake receiving the POST, loopback included)
//   2. keypress → the placeOrder request leaving the browser (Chromium, /terminal with one-keystroke
//      sending, key event timeStamp → the request's resource-timing start)
//   3. RATE orders/s from TRADERS traders for SECONDS, a share of them sent twice at once (double
//      keypress): 0 duplicates and 0 lost, checked by clientOrderId against the orders table
//      (listOrders) and the fake exchange.
//   4. the pre-trade gate under a burst: BURST orders at once for one trader whose leverage limit
//      has room for 10 (and half of an 11th): how many are accepted (never more than 10) and how
//      long until every one is answered.
// Full run (quiet machine only; writes <!-- bench:orders --> in docs/PERFORMANCE.md):
//   BENCH_ONLY=orders npm run bench
// Smoke (small sizes, prints only): BENCH_ORDERS_SMOKE=1 BENCH_ONLY=orders BENCH_PORT=<free> npm run bench
// Sizes: BENCH_ORDERS_SEQUENTIAL (300), BENCH_ORDERS_KEYPRESSES (40), BENCH_ORDERS_TRADERS (20),
// BENCH_ORDERS_RATE (50 /s), BENCH_ORDERS_SECONDS (30), BENCH_ORDERS_DOUBLE (0.1 of orders sent twice).
import { chromium } from '@playwright/test';
import { devVar, executeLocalD1, hashPassword, scratchDir, sqlString } from '../scripts/lib.mjs';
import { demoFactorInsert } from '../scripts/demo-second-factor.mjs';
import { startFakeBinance } from './fake-binance-server.mjs';
import { percentile, rpcGet, signIn, signedInContext, venueClientId } from './lib.mjs';
import { prepareBenchState, startBenchServer, writeSection } from './server.mjs';
import { measureOrderKinds, order } from './orders/kinds.mjs';
import { ordersSection } from './orders/section.mjs';

const SMOKE = process.env.BENCH_ORDERS_SMOKE === '1';
const SEQUENTIAL = Number(process.env.BENCH_ORDERS_SEQUENTIAL ?? (SMOKE ? 20 : 300));
const KEYPRESSES = Number(process.env.BENCH_ORDERS_KEYPRESSES ?? (SMOKE ? 5 : 40));
const TRADERS = Number(process.env.BENCH_ORDERS_TRADERS ?? (SMOKE ? 4 : 20));
const RATE = Number(process.env.BENCH_ORDERS_RATE ?? (SMOKE ? 10 : 50));
const SECONDS = Number(process.env.BENCH_ORDERS_SECONDS ?? (SMOKE ? 3 : 30));
const DOUBLE = Number(process.env.BENCH_ORDERS_DOUBLE ?? 0.1);
const BURST = Number(process.env.BENCH_ORDERS_BURST ?? (SMOKE ? 40 : 200));
const PORT = Number(process.env.BENCH_PORT ?? 8790);
const PASSWORD = 'bench-orders-password';
const API_KEY = 'benchKey0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRST';
const API_SECRET = 'benchSecret0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const clock = () => performance.timeOrigin + performance.now();
const stats = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s.at(-1) };
};
const fmt = (s) =>
  `p50 ${s.p50?.toFixed(1)} ms, p95 ${s.p95?.toFixed(1)}, p99 ${s.p99?.toFixed(1)}, max ${s.max?.toFixed(1)} (n=${s.n})`;

// One desk of traders, each with a Binance sub-account of their own (all trading with the same key
// on the one fake desk), a latest snapshot with room for the orders, and the terminal flag.
await prepareBenchState('bench-orders-state');
const now = Date.now();
const hash = hashPassword(PASSWORD);
const traders = Array.from({ length: TRADERS + 1 }, (_, i) => ({
  id: `bench-order-trader-${i}`,
  email: `order-trader-${i}@bench.meridian`,
  accountId: `bench-order-account-${i}`,
  accountEmail: `order-trader-${i}@binance.bench`,
}));
// The last one only sends the burst (4.), with equity 10,000 and a maxLeverage of 1.05: room for
// 10.5 orders of $1,000.
const burstTrader = traders.pop();
const BURST_EQUITY = 10_000;
const metricsWith = (equity) =>
  JSON.stringify({
    totalBalance: equity,
    futuresBalance: equity,
    spotBalance: 0,
    futuresUpnl: 0,
    totalUpnl: 0,
    notional: 0,
    leverage: 0,
    btcPrice: 90_000,
    positions: 0,
  });
const metrics = metricsWith(1e7);
// The first trader's snapshot shows the long its sequential market orders open at the fake exchange,
// so part 1b can add stop-losses to it (protectPosition reads the latest snapshot).
const BENCH_POSITION = JSON.stringify([
  {
    symbol: 'ETHUSDT',
    side: 'LONG',
    size: 10,
    entryPrice: 3400,
    markPrice: 3400,
    liquidationPrice: null,
    leverage: 10,
    unrealizedPnl: 0,
    notional: 34_000,
    margin: 3400,
  },
]);
// With the terminal comes a second factor: each trader has the demo authenticator (bench/lib.mjs signIn computes its codes).
const keyring = devVar('SECOND_FACTOR_KEYRING');
const factors = await Promise.all(
  [...traders, burstTrader].map((t) => demoFactorInsert(keyring, { userId: t.id }, 'Bench', now)),
);
executeLocalD1(
  [...traders, burstTrader].flatMap((t, i) => [
    `INSERT INTO users (id, email, name, role, approved, is_risk_team, can_use_terminal, password_hash, created_at, approved_at, updated_at) VALUES (${sqlString(t.id)}, ${sqlString(t.email)}, 'Bench trader', 'user', 1, 0, 1, ${sqlString(hash)}, ${now}, ${now}, ${now});`,
    `INSERT INTO exchange_accounts (id, exchange, email, status, created_at) VALUES (${sqlString(t.accountId)}, 'binance', ${sqlString(t.accountEmail)}, 'active', ${now});`,
    factors[i],
    `INSERT INTO account_assignments (user_id, account_id, created_at) VALUES (${sqlString(t.id)}, ${sqlString(t.accountId)}, ${now});`,
    `INSERT INTO account_latest (account_id, ts, metrics, positions) VALUES (${sqlString(t.accountId)}, ${now}, ${sqlString(t === burstTrader ? metricsWith(BURST_EQUITY) : metrics)}, ${sqlString(i === 0 ? BENCH_POSITION : '[]')});`,
    ...(t === burstTrader
      ? [
          `INSERT INTO risk_limits (id, trader_id, kind, value, updated_at) VALUES ('bench-burst-limit', ${sqlString(t.id)}, 'maxLeverage', 1.05, ${now});`,
        ]
      : []),
  ]),
  scratchDir('bench-orders'),
);

const exchange = await startFakeBinance({
  apiKey: API_KEY,
  apiSecret: API_SECRET,
  symbols: [{ symbol: 'ETHUSDT', stepSize: '0.001', minQty: '0.001', maxQty: '100000', minNotional: '20', markPrice: '3400.00' }],
});
const server = await startBenchServer({
  port: PORT,
  fresh: false,
  vars: { BINANCE_FUTURES_BASE_URL: exchange.base, AUTH_MAX_FAILS_PER_EMAIL: 1e9, AUTH_MAX_FAILS_PER_IP: 1e9 },
});
const base = server.direct;
const results = {};
try {
  const adminCookie = await signIn(server.base, 'admin@example.com');
  const { json: accounts } = await (
    await fetch(`${base}${rpcGet('listExchangeAccounts', {})}`, { headers: { cookie: adminCookie } })
  ).json();
  for (const t of [...traders, burstTrader]) {
    const res = await post(adminCookie, 'setTradingKey', { accountId: t.accountId, apiKey: API_KEY, apiSecret: API_SECRET });
    if (res.status !== 200) throw new Error(`setTradingKey answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  console.log(`  ${accounts.length} accounts, ${TRADERS} bench traders with trading keys`);
  for (const t of [...traders, burstTrader]) t.cookie = await signIn(server.base, t.email, PASSWORD);

  // 1. Server overhead, one order at a time.
  const first = traders[0];
  const sent = [];
  for (let i = 0; i < SEQUENTIAL + 5; i++) {
    const clientOrderId = `seq-${i}-${crypto.randomUUID().slice(0, 8)}`;
    const t0 = clock();
    const res = await post(first.cookie, 'placeOrder', order(first, clientOrderId));
    if (res.status !== 200) throw new Error(`placeOrder answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (i >= 5) sent.push({ clientOrderId, t0, total: clock() - t0, dto: res.body.json }); // 5 warm-up orders
  }
  const inWorker = stats(sent.map((s) => s.dto.sentAt - s.dto.receivedAt));
  const arrivalOf = async (t, id) => exchange.arrivals.get(await venueClientId(t.id, id));
  const outside = stats(await Promise.all(sent.map(async (s) => (await arrivalOf(first, s.clientOrderId))[0] - s.t0)));
  const roundTrip = stats(sent.map((s) => s.total));
  console.log(`  overhead in the Worker (received → sent): ${fmt(inWorker)}`);
  console.log(`  client send → fake exchange receives:     ${fmt(outside)}`);
  console.log(`  placeOrder round trip:                   ${fmt(roundTrip)}`);
  results.overhead = { inWorker, outside, roundTrip };

  results.kinds = await measureOrderKinds({ post, trader: first, count: SEQUENTIAL, stats, fmt });

  // 3. RATE orders/s spread over the traders, some sent twice at once.
  const ids = new Map(traders.map((t) => [t.id, new Set()]));
  const outcomes = { ok: 0, failed: 0, statuses: {} };
  /** Orders the server accepted (answered 200 at least once): each must be in the table and at the exchange. */
  const accepted = new Set();
  /** Answered 200 with the outcome not known yet (exchange timed out): a retry with the same id settles them. */
  const unsettled = new Set();
  const orderStatuses = new Map();
  const inFlight = [];
  const total = RATE * SECONDS;
  const started = clock();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - clock();
    if (wait > 0) await sleep(wait);
    const t = traders[i % TRADERS];
    const clientOrderId = `load-${i}-${crypto.randomUUID().slice(0, 8)}`;
    ids.get(t.id).add(clientOrderId);
    const copies = Math.random() < DOUBLE ? 2 : 1;
    for (let c = 0; c < copies; c++)
      inFlight.push(
        post(t.cookie, 'placeOrder', order(t, clientOrderId)).then(
          (res) => {
            outcomes.statuses[res.status] = (outcomes.statuses[res.status] ?? 0) + 1;
            if (res.status === 200) {
              outcomes.ok++;
              const status = res.body?.json?.status ?? '?';
              orderStatuses.set(clientOrderId, status);
              if (status === 'filled') accepted.add(clientOrderId);
              else if (status === 'pending' || status === 'unknown') unsettled.add(clientOrderId);
            } else outcomes.failed++;
          },
          () => outcomes.failed++,
        ),
      );
  }
  await Promise.all(inFlight);
  const elapsed = (clock() - started) / 1000;
  let lostInTable = 0;
  let duplicatesInTable = 0;
  for (const t of traders) {
    const res = await fetch(`${base}${rpcGet('listOrders', { limit: 500 })}`, { headers: { cookie: t.cookie } });
    const rows = (await res.json()).json.filter((o) => o.clientOrderId.startsWith('load-'));
    const seen = new Map();
    for (const o of rows) seen.set(o.clientOrderId, (seen.get(o.clientOrderId) ?? 0) + 1);
    duplicatesInTable += [...seen.values()].filter((n) => n > 1).length;
    lostInTable += [...ids.get(t.id)].filter((id) => orderStatuses.has(id) && !seen.has(id)).length;
  }
  const loadIds = [...ids.values()].flatMap((s) => [...s]);
  // The exchange knows each order by the id derived from its trader and the browser's id.
  const venueIds = new Map();
  for (const t of traders) for (const id of ids.get(t.id)) venueIds.set(id, await venueClientId(t.id, id));
  const postsPerId = loadIds.map((id) => exchange.arrivals.get(venueIds.get(id))?.length ?? 0);
  const filledAtExchange = new Set(exchange.fake.orders.map((o) => o.clientOrderId));
  const load = {
    orders: total,
    seconds: elapsed,
    rate: total / elapsed,
    ok: outcomes.ok,
    failed: outcomes.failed,
    statuses: outcomes.statuses,
    duplicateSends: postsPerId.filter((n) => n > 1).length,
    // An order refused with an error answer (never accepted) was not lost: the trader was told.
    refused: loadIds.filter((id) => !orderStatuses.has(id)).length,
    answeredStatuses: [...orderStatuses.values()].reduce((m, st) => ({ ...m, [st]: (m[st] ?? 0) + 1 }), {}),
    unsettled: [...unsettled].filter((id) => !accepted.has(id)).length,
    lostAtExchange: loadIds.filter((id) => accepted.has(id) && !filledAtExchange.has(venueIds.get(id))).length,
    duplicatesInTable,
    lostInTable,
  };
  console.log(
    `  load: ${total} orders in ${elapsed.toFixed(1)} s (${load.rate.toFixed(1)}/s) from ${TRADERS} traders, ${outcomes.ok} answers 200, ${outcomes.failed} other ${JSON.stringify(outcomes.statuses)}; ${load.refused} orders refused with an error answer; answered orders by status ${JSON.stringify(load.answeredStatuses)}; duplicates sent ${load.duplicateSends}, lost at the exchange ${load.lostAtExchange}, duplicates in the table ${duplicatesInTable}, lost in the table ${lostInTable}`,
  );
  results.load = load;

  // 4. The gate under a burst: BURST orders at once for one trader with room for 10.
  const burstStarted = clock();
  const burst = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      post(burstTrader.cookie, 'placeOrder', order(burstTrader, `burst-${i}-${crypto.randomUUID().slice(0, 8)}`)).then((res) => ({
        res,
        at: clock() - burstStarted,
      })),
    ),
  );
  const byStatus = {};
  for (const { res } of burst) {
    const key =
      res.status === 200
        ? res.body?.json?.status
        : `${res.status} ${res.body?.json?.data?.limit ?? res.body?.json?.code ?? ''}`.trim();
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  results.burst = {
    orders: BURST,
    accepted: burst.filter(({ res }) => res.status === 200).length,
    byStatus,
    allAnsweredMs: Math.max(...burst.map((b) => b.at)),
    answers: stats(burst.map((b) => b.at)),
  };
  console.log(
    `  burst: ${BURST} orders at once, room for 10: ${results.burst.accepted} accepted ${JSON.stringify(byStatus)}, all answered in ${results.burst.allAnsweredMs.toFixed(0)} ms`,
  );

  // 2. Keypress → request leaving the browser: the demo admin's simulated account on /terminal.
  results.keypress = await keypressToRequest(server.base, adminCookie);
  console.log(`  keypress → placeOrder request leaves Chromium: ${fmt(results.keypress)}`);
} finally {
  server.stop();
  await exchange.stop();
}

if (!SMOKE) writeSection('orders', ordersSection(results, { traders: TRADERS, double: DOUBLE }));

async function post(cookie, name, json) {
  const res = await fetch(`${base}/api/rpc/${name}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ json }),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function keypressToRequest(appBase, cookie) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await signedInContext(browser, appBase, cookie);
    // One-keystroke sending (the setting's other choice), the first preset $1,000.
    await context.addInitScript(() =>
      localStorage.setItem('meridian:terminal-order-settings', JSON.stringify({ presets: [1000, 5000, 25000], confirm: false })),
    );
    const page = await context.newPage();
    await page.goto(`${appBase}/terminal`);
    await page.getByTestId('news-status').getByText('Live').waitFor({ timeout: 30_000 });
    const title = `Bench orders ${Date.now()}: ether headline`;
    await post(cookie, 'postManualNews', { title, symbols: ['ETH'], importance: 'high' });
    await page.getByTestId('headline').filter({ hasText: title }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('j');
    await page.getByTestId('order-panel').getByTestId('order-symbol').getByText('ETHUSDT').waitFor();
    await page.evaluate(() => {
      window.__keyAt = [];
      window.__sentAt = [];
      addEventListener('keydown', (e) => e.key === '1' && window.__keyAt.push(e.timeStamp), true);
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name.includes('/placeOrder')) window.__sentAt.push(e.startTime);
      }).observe({ type: 'resource' });
    });
    for (let i = 0; i < KEYPRESSES; i++) {
      await page.keyboard.press('b');
      await page.keyboard.press('1');
      await page.waitForFunction((n) => window.__sentAt.length >= n, i + 1, { timeout: 15_000 });
      await sleep(250);
    }
    const [keys, sends] = await page.evaluate(() => [window.__keyAt, window.__sentAt]);
    return stats(sends.map((s, i) => s - keys[i]));
  } finally {
    await browser.close();
  }
}
