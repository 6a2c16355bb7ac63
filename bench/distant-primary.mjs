// A trader far from the D1 primary (issue 30): the feed, the dashboard's account stats, the risk
// overview and placeOrder, each called one at a time by the demo users, with and without 150 ms
// added to every D1 call (worker/wiring/distant-primary.ts: the var BENCH_D1_DELAY_MS and the
// header x-bench-d1-delay on the same server, so both columns come from one run). Calls that are in
// flight together wait together, as trips to a distant primary do: the column shows what the
// rounds per call (worker/d1-rounds.test.ts) cost a trader in Singapore.
//
// Full run (quiet machine only; writes <!-- bench:distant-primary --> in docs/PERFORMANCE.md):
//   BENCH_ONLY=distant-primary npm run bench
// Smoke (a few calls, prints only): BENCH_DISTANT_SMOKE=1 BENCH_ONLY=distant-primary BENCH_PORT=<free> npm run bench
// Sizes: BENCH_DISTANT_CALLS (calls per row and column, 60), BENCH_D1_DELAY_MS (150).
import { percentile, rpcGet, signIn } from './lib.mjs';
import { prepareBenchState, startBenchServer, writeSection } from './server.mjs';

const SMOKE = process.env.BENCH_DISTANT_SMOKE === '1';
const CALLS = Number(process.env.BENCH_DISTANT_CALLS ?? (SMOKE ? 3 : 60));
const DELAY = Number(process.env.BENCH_D1_DELAY_MS ?? 150);
const PORT = Number(process.env.BENCH_PORT ?? 8790);

await prepareBenchState('bench-state-distant');
const server = await startBenchServer({ port: PORT, vars: { BENCH_D1_DELAY_MS: String(DELAY) }, fresh: false });
try {
  const trader = await signIn(server.base, 'trader@example.com');
  const risk = await signIn(server.base, 'risk@example.com');
  // The demo users with the terminal: the admin, on their own simulated book.
  const admin = await signIn(server.base, 'admin@example.com');
  const account = 'trader-main@sim.meridian';
  // The minute cron stores the desk and its stats, as it does every minute in production.
  await fetch(`${server.base}/cdn-cgi/handler/scheduled`);

  const get = (cookie, name, input) => (distant) =>
    fetch(`${server.base}${rpcGet(name, input)}`, { headers: { cookie, ...(distant ? { 'x-bench-d1-delay': '1' } : {}) } });
  const post = (cookie, name, input) => (distant) =>
    fetch(`${server.base}/api/rpc/${name}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', ...(distant ? { 'x-bench-d1-delay': '1' } : {}) },
      body: JSON.stringify({ json: input() }),
    });
  let orders = 0;
  // Buys and sells in turn: the position stays near flat, so the risk limits never refuse one.
  const order = () => ({
    accountEmail: 'admin-book@sim.meridian',
    symbol: 'BTC',
    side: orders++ % 2 ? 'SELL' : 'BUY',
    notional: 500,
    reduceOnly: false,
    clientOrderId: crypto.randomUUID(), // at most 36 characters
  });
  const rows = [
    ['feed (getHistoricalNews, 200 newest)', get(trader, 'getHistoricalNews', { limit: 200 })],
    ['dashboard (getUserAccountStats)', get(trader, 'getUserAccountStats', { email: account })],
    ['risk overview (getAllTradersLatestMetrics)', get(risk, 'getAllTradersLatestMetrics', undefined)],
    ['placeOrder (simulated exchange, 500 USDT)', post(admin, 'placeOrder', order)],
  ];

  const results = [];
  for (const [title, call] of rows) {
    const columns = {};
    for (const distant of [false, true]) {
      const took = [];
      for (let i = 0; i < CALLS; i++) {
        const started = performance.now();
        const res = await call(distant);
        if (res.ok) await res.arrayBuffer();
        if (!res.ok) throw new Error(`${title} answered ${res.status}: ${await res.text()}`);
        took.push(performance.now() - started);
      }
      took.sort((a, b) => a - b);
      columns[distant ? 'distant' : 'local'] = { p50: percentile(took, 50), p99: percentile(took, 99) };
    }
    const { local, distant } = columns;
    console.log(
      `  ${title}: local p50 ${local.p50.toFixed(1)} / p99 ${local.p99.toFixed(1)} ms; +${DELAY} ms a D1 call: p50 ${distant.p50.toFixed(1)} / p99 ${distant.p99.toFixed(1)} ms (${((distant.p50 - local.p50) / DELAY).toFixed(1)} trips)`,
    );
    results.push({ title, local, distant });
  }

  if (!SMOKE) {
    const ms = (v) => v.toFixed(0);
    writeSection(
      'distant-primary',
      `<!-- bench:distant-primary -->
Measured ${new Date().toISOString().slice(0, 10)}, ${CALLS} calls per cell, one at a time (\`BENCH_ONLY=distant-primary npm run bench\`):

| Call | local p50 / p99 (ms) | +${DELAY} ms per D1 call p50 / p99 (ms) | trips (Δp50 / ${DELAY}) |
|---|---:|---:|---:|
${results.map((r) => `| ${r.title} | ${ms(r.local.p50)} / ${ms(r.local.p99)} | ${ms(r.distant.p50)} / ${ms(r.distant.p99)} | ${((r.distant.p50 - r.local.p50) / DELAY).toFixed(1)} |`).join('\n')}
<!-- /bench:distant-primary -->`,
    );
  }
} finally {
  server.stop();
}
