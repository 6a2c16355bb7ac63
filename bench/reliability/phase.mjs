// One phase of bench/reliability.mjs: subscribers + mixed load + a headline every 200 ms for
// `seconds`, optionally restarting the Worker half-way (restart) or with failing providers (faults).
import { signIn } from '../lib.mjs';
import { startBenchServer } from '../server.mjs';
import { mixedLoad, sampleMemory, startPoster } from './load.mjs';
import { startSubscribers } from './subscriber-pool.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const PORT = Number(process.env.RELIABILITY_PORT ?? 8890);
// The hubs end a stream when its access token expires; tokens outlive a 10-minute phase at 900 s (the cap).
const BASE_VARS = { ACCESS_TOKEN_TTL_SECONDS: '900' };

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
export async function runPhase(name, { seconds, subscribers, rate, restart = false, vars = {}, during }) {
  let server = await startBenchServer({ port: PORT, fresh: false, vars: { ...BASE_VARS, ...vars } });
  try {
    const base = server.base;
    const trader = await signIn(base, 'trader@example.com');
    const admin = await signIn(base, 'admin@example.com');
    const tag = `${name}${Date.now().toString(36)}`;
    const pool = await startSubscribers(base, trader, subscribers, tag);
    const memory = sampleMemory(() => server);
    const hooks = during ? await during({ base, admin }) : null;
    const poster = startPoster(base, admin, tag);
    const load = mixedLoad(base, trader, { seconds, rate });
    let restartFigures = null;
    if (restart) {
      await sleep((seconds * 1000) / 2);
      const t0 = Date.now();
      server.stop();
      await waitDown(base);
      const down = Date.now();
      server = await startBenchServer({ port: PORT, fresh: false, vars: { ...BASE_VARS, ...vars } });
      restartFigures = { stopMs: down - t0, startMs: Date.now() - down };
      console.log(`  restarted: down after ${restartFigures.stopMs} ms, up again after ${restartFigures.startMs} ms`);
    }
    const loadFigures = await load;
    const posts = await poster.stop();
    const settled = hooks ? await hooks.settle() : null;
    await sleep(5000);
    const delivery = await pool.finish(posts.posted);
    const memorySamples = memory();
    console.log(`  ${name}: load ${JSON.stringify(loadFigures)}`);
    console.log(
      `  ${name}: posts ${posts.posted.length} confirmed, ${posts.unconfirmed.length} unconfirmed, ${posts.failed} refused`,
    );
    console.log(`  ${name}: delivery ${JSON.stringify(delivery)}`);
    return {
      name,
      seconds,
      subscribers,
      rate,
      load: loadFigures,
      posts: { ...posts, posted: posts.posted.length },
      delivery,
      memory: memorySamples,
      restart: restartFigures,
      faults: settled,
    };
  } finally {
    server.stop();
    await waitDown(server.base);
  }
}
