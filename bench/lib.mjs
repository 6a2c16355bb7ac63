// Small helpers shared by the benchmark scripts.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The value at percentile p (0–100) of an ascending array. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Runs a bench script (bench/<name>) in a fresh Node process and returns the JSON of its last output
 * line. Live subscribers run this way so their arrival times are not taken in the heap the load
 * generator left behind (its garbage collection showed up as delivery latency).
 */
export function runInOwnProcess(name, args) {
  const out = execFileSync(process.execPath, [fileURLToPath(new URL(name, import.meta.url)), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 120_000,
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}
