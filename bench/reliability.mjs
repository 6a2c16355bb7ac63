// Proved under load with faults. Long (3 phases × RELIABILITY_SECONDS, 10 min each
// by default): NOT part of the default `npm run bench` list; run it with BENCH_ONLY=reliability.
//   RELIABILITY_PHASES=soak,faults,restart  RELIABILITY_SECONDS=600  RELIABILITY_SUBSCRIBERS=1000
//   RELIABILITY_RATE=100 (mixed load, requests/s overall)
// Each phase: news-stream subscribers in child Node processes (100 each) for the whole phase, a
// mixed authenticated load at a fixed rate, an admin posting a headline every 200 ms, and the
// Worker's RSS sampled every 5 s. Figures go to docs/RELIABILITY.md between bench markers.
import { prepareBenchState } from './server.mjs';
import { runPhase } from './reliability/phase.mjs';
import { writeReport } from './reliability/report.mjs';

const PHASES = (process.env.RELIABILITY_PHASES ?? 'soak,faults,restart').split(',').map((p) => p.trim());
const SECONDS = Number(process.env.RELIABILITY_SECONDS ?? 600);
const SUBSCRIBERS = Number(process.env.RELIABILITY_SUBSCRIBERS ?? 1000);
const RATE = Number(process.env.RELIABILITY_RATE ?? 100);
// RELIABILITY_ROUNDS=2: the soak's subscribers and load twice on one workerd (memory: high-water mark or leak).
const ROUNDS = Number(process.env.RELIABILITY_ROUNDS ?? 1);

await prepareBenchState('bench-state-reliability');
const results = [];
for (const phase of PHASES) {
  console.log(`\n• reliability: ${phase} (${SECONDS} s, ${SUBSCRIBERS} subscribers, ${RATE} req/s)`);
  const options = { seconds: SECONDS, subscribers: SUBSCRIBERS, rate: RATE };
  if (phase === 'soak') results.push(await runPhase('soak', { ...options, rounds: ROUNDS }));
  else if (phase === 'restart') results.push(await runPhase('restart', { ...options, restart: true }));
  else if (phase === 'faults') {
    const { faultsPhase } = await import('./reliability/faults.mjs');
    results.push(await runPhase('faults', { ...options, ...(await faultsPhase()) }));
  } else throw new Error(`unknown phase ${phase}`);
}
writeReport(results);
