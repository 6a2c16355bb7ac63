// Live fan-out of one account's updates to 200 subscribers (bench/accounts.mjs), in a Node process of
// its own, like bench/news-live.mjs: arrival times are not taken in the load generator's heap.
//   node bench/accounts-live.mjs <base> <cookie> <account email>  → one JSON line
import { createORPCClient } from '@orpc/client';
import { RPCLink } from '@orpc/client/fetch';
import { percentile } from './lib.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const LIVE_SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 15);

/**
 * 200 subscribers on one account: delivery latency = arrival − the snapshot's own timestamp.
 * Counted once every subscriber is connected and a second has passed (connecting 200 streams at
 * once is not the steady state being measured).
 */
export async function fanOut(base, cookie, email) {
  const client = createORPCClient(new RPCLink({ url: `${base}/api/rpc`, headers: { cookie } }));
  const latencies = [];
  const snapshotTimes = new Set();
  const controller = new AbortController();
  let connected = 0;
  let measureFrom = Infinity;
  const subscribers = Array.from({ length: SUBSCRIBERS }, async () => {
    const iterator = await client.streamAccount({ email }, { signal: controller.signal });
    let first = true;
    try {
      for await (const event of iterator) {
        const arrived = Date.now();
        // The first event replays the hub's last update (possibly older): not a delivery.
        if (first) connected++;
        else if (event.type === 'snapshot' && event.ts >= measureFrom) {
          latencies.push(arrived - event.ts);
          snapshotTimes.add(event.ts);
        }
        first = false;
      }
    } catch {
      /* aborted at the end */
    }
  });
  const deadline = Date.now() + 20_000;
  while (connected < SUBSCRIBERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  measureFrom = Date.now() + 1000;
  await new Promise((r) => setTimeout(r, 1000 + LIVE_SECONDS * 1000));
  controller.abort();
  // oRPC's iterator has been seen not to settle after an abort: the figures do not wait on it.
  await Promise.race([Promise.allSettled(subscribers), new Promise((r) => setTimeout(r, 5000))]);
  latencies.sort((a, b) => a - b);
  return {
    deliveries: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    polls: snapshotTimes.size,
    seconds: LIVE_SECONDS,
    connected,
  };
}

const [base, cookie, email] = process.argv.slice(2);
console.log(JSON.stringify(await fanOut(base, cookie, email)));
// Aborted oRPC iterators may hold their streams open: they must not keep this process alive.
process.exit(0);
