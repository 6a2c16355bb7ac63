// A live risk tick reaching the risk viewers (bench/risk.mjs), in a Node process of its own like
// bench/accounts-live.mjs: arrival times are not taken in the load generator's heap.
//   node bench/risk-live.mjs <worker base> <cookie> <wrangler proxy base>  → one JSON line
// (the cron test route /cdn-cgi/handler/scheduled is served by wrangler's proxy, not the Worker's workerd)
import { createORPCClient } from '@orpc/client';
import { RPCLink } from '@orpc/client/fetch';
import { percentile } from './lib.mjs';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 50);
const TICKS = Number(process.env.BENCH_RISK_TICKS ?? 5);

/**
 * VIEWERS risk viewers on streamRisk; TICKS minute-cron runs one after the other. Delay = arrival −
 * the snapshot event's ts (when the evaluation of the new snapshots ended and the hub was told).
 */
async function fanOut(base, cookie, cronBase) {
  const client = createORPCClient(new RPCLink({ url: `${base}/api/rpc`, headers: { cookie } }));
  const delays = [];
  const controller = new AbortController();
  let connected = 0;
  let measureFrom = Infinity;
  const viewers = Array.from({ length: VIEWERS }, async () => {
    const iterator = await client.streamRisk(undefined, { signal: controller.signal });
    let first = true;
    try {
      for await (const event of iterator) {
        const arrived = Date.now();
        // The first event may replay the hub's last tick: not a delivery.
        if (first) connected++;
        else if (event.type === 'snapshot' && event.ts >= measureFrom) delays.push(arrived - event.ts);
        first = false;
      }
    } catch {
      /* aborted at the end */
    }
  });
  // A viewer counts as connected at its first event: one tick before measuring gives every stream one.
  const tick = async () => {
    const started = Date.now();
    const res = await fetch(`${cronBase}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`);
    if (!res.ok || (await res.text()) !== 'ok') throw new Error(`scheduled: ${res.status}`);
    return Date.now() - started;
  };
  await new Promise((r) => setTimeout(r, 1000));
  await tick();
  const deadline = Date.now() + 20_000;
  while (connected < VIEWERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  measureFrom = Date.now();
  const cronMs = [];
  for (let i = 0; i < TICKS; i++) {
    cronMs.push(await tick());
    await new Promise((r) => setTimeout(r, 500));
  }
  await new Promise((r) => setTimeout(r, 1000));
  controller.abort();
  await Promise.race([Promise.allSettled(viewers), new Promise((r) => setTimeout(r, 5000))]);
  delays.sort((a, b) => a - b);
  cronMs.sort((a, b) => a - b);
  return { viewers: VIEWERS, connected, ticks: TICKS, deliveries: delays.length, p50: percentile(delays, 50), p99: percentile(delays, 99), cronMedianMs: percentile(cronMs, 50) };
}

const [base, cookie, cronBase] = process.argv.slice(2);
console.log(JSON.stringify(await fanOut(base, cookie, cronBase)));
// Aborted oRPC iterators may hold their streams open: they must not keep this process alive.
process.exit(0);
