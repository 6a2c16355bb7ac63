// One phase of bench/reliability.mjs: subscribers + mixed load + a headline every 200 ms for
// `seconds`, optionally restarting the Worker half-way (restart) or with failing providers (faults).
import { refreshSession, signIn } from '../lib.mjs';
import { startBenchServer } from '../server.mjs';
import { collectGarbage } from './heap.mjs';
import { mixedLoad, sampleMemory, startPoster } from './load.mjs';
import { startSubscribers } from './subscriber-pool.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const PORT = Number(process.env.RELIABILITY_PORT ?? 8890);
// The hubs end a stream when its access token expires; tokens outlive a 10-minute phase at 900 s (the cap).
const BASE_VARS = { ACCESS_TOKEN_TTL_SECONDS: '900' };
// The Worker's inspector, for its heap beside workerd's RSS (bench/reliability/heap.mjs).
const INSPECTOR_PORT = Number(process.env.RELIABILITY_INSPECTOR_PORT ?? 9239);
process.env.BENCH_INSPECTOR_PORT = String(INSPECTOR_PORT);
// After the subscribers leave: how long memory is still sampled, then one full GC and a last reading.
const DRAIN_SECONDS = Number(process.env.RELIABILITY_DRAIN_SECONDS ?? 120);
// A round longer than the access token (900 s at most) refreshes both sessions well before expiry.
const REFRESH_EVERY_MS = Number(process.env.RELIABILITY_REFRESH_MS ?? 480_000);

/** The trader's and the admin's cookies, refreshed on a timer; subscribers get the trader's. */
function keepSessions(base, sessions, onTrader) {
  const timer = setInterval(async () => {
    try {
      sessions.trader = await refreshSession(base, sessions.trader);
      sessions.admin = await refreshSession(base, sessions.admin);
      onTrader(sessions.trader);
    } catch (err) {
      console.log(`  session refresh failed: ${err.message}`);
    }
  }, REFRESH_EVERY_MS);
  return () => clearInterval(timer);
}

async function waitDown(base) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(500) });
    } catch {
      return;
    }
    await sleep(100);
  }
}

/**
 * Subscribers and the load go through wrangler dev's own port (its proxy), the one address that
 * stays the same when workerd is stopped and started again; the Worker's own workerd port changes.
 */
/** One round: subscribers, headlines and the load for `seconds` (with a restart half-way when asked). */
async function oneRound(ctx, round) {
  const { name, seconds, subscribers, rate, restart, vars, during } = ctx.options;
  const base = ctx.server.base;
  const sessions = { trader: await signIn(base, 'trader@example.com'), admin: await signIn(base, 'admin@example.com') };
  const tag = `${name}${round}${Date.now().toString(36)}`;
  const pool = await startSubscribers(base, sessions.trader, subscribers, tag);
  const stopKeeping = keepSessions(base, sessions, pool.setCookie);
  const hooks = during ? await during({ base, admin: sessions.admin }) : null;
  const poster = startPoster(base, () => sessions.admin, tag);
  const load = mixedLoad(base, () => sessions.trader, { seconds, rate });
  let restartFigures = null;
  if (restart) {
    await sleep((seconds * 1000) / 2);
    const t0 = Date.now();
    ctx.server.stop();
    await waitDown(base);
    const down = Date.now();
    ctx.server = await startBenchServer({ port: PORT, fresh: false, vars: { ...BASE_VARS, ...vars } });
    restartFigures = { stopMs: down - t0, startMs: Date.now() - down };
    console.log(`  restarted: down after ${restartFigures.stopMs} ms, up again after ${restartFigures.startMs} ms`);
  }
  const loadFigures = await load;
  const posts = await poster.stop();
  stopKeeping();
  const settled = hooks ? await hooks.settle() : null;
  await sleep(5000);
  const delivery = await pool.finish(posts.posted);
  console.log(`  ${name} round ${round + 1}: load ${JSON.stringify(loadFigures)}`);
  console.log(
    `  ${name}: posts ${posts.posted.length} confirmed, ${posts.unconfirmed.length} unconfirmed, ${posts.failed} refused`,
  );
  console.log(`  ${name}: delivery ${JSON.stringify(delivery)}`);
  return {
    load: loadFigures,
    posts: { ...posts, posted: posts.posted.length },
    delivery,
    restart: restartFigures,
    faults: settled,
  };
}

/**
 * `rounds` > 1 runs the subscribers and the load again on the same workerd after each drain: memory
 * that a second round reuses instead of adding to is a high-water mark, not a leak.
 */
export async function runPhase(name, { seconds, subscribers, rate, restart = false, vars = {}, during, rounds = 1 }) {
  const ctx = {
    options: { name, seconds, subscribers, rate, restart, vars, during },
    server: await startBenchServer({ port: PORT, fresh: false, vars: { ...BASE_VARS, ...vars } }),
  };
  try {
    const sampledFrom = Date.now();
    const at = () => Math.round((Date.now() - sampledFrom) / 1000);
    const memory = sampleMemory(() => ctx.server, 5000, INSPECTOR_PORT);
    const results = [];
    const drains = [];
    for (let round = 0; round < rounds; round++) {
      results.push(await oneRound(ctx, round));
      drains.push(at());
      await sleep(DRAIN_SECONDS * 1000);
      await collectGarbage(INSPECTOR_PORT);
      await sleep(5500);
    }
    const first = results[0];
    return { name, seconds, subscribers, rate, ...first, rounds: results, memory: memory(), drains };
  } finally {
    ctx.server.stop();
    await waitDown(ctx.server.base);
  }
}
