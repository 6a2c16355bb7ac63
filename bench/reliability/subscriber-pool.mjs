// Spawns the phase's subscribers (bench/reliability/subscribers.mjs) over several Node processes,
// waits until their streams are open, and at the end hands them the posted headline numbers and
// merges their answers.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { percentile } from '../lib.mjs';

const script = fileURLToPath(new URL('./subscribers.mjs', import.meta.url));

function child(base, cookie, count, tag) {
  const proc = spawn(process.execPath, [script, base, cookie, String(count), tag], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: proc.stdout });
  const queue = [];
  const waiting = [];
  lines.on('line', (line) => (waiting.length ? waiting.shift()(line) : queue.push(line)));
  proc.on('exit', () => waiting.splice(0).forEach((w) => w(null)));
  const next = () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiting.push(r)));
  return { proc, next };
}

export async function startSubscribers(base, cookie, total, tag, perProcess = 100) {
  const children = [];
  for (let left = total; left > 0; left -= perProcess) children.push(child(base, cookie, Math.min(perProcess, left), tag));
  const ready = await Promise.all(children.map(async (c) => Number((await c.next())?.split(' ')[1] ?? 0)));
  const connected = ready.reduce((a, b) => a + b, 0);
  console.log(`  ${connected}/${total} subscribers connected (${children.length} processes)`);
  return {
    connected,
    /** Hands the subscribers a refreshed session cookie (their next reconnect uses it). */
    setCookie: (next) => children.forEach((c) => c.proc.stdin.write(`cookie ${next}\n`)),
    /** Ends every subscriber and returns the merged figures against the confirmed posts. */
    finish: async (posted) => {
      const answers = await Promise.all(
        children.map(async (c) => {
          c.proc.stdin.write(`${JSON.stringify(posted)}\n`);
          const line = await c.next();
          return line ? JSON.parse(line) : null;
        }),
      );
      const subs = answers.flatMap((a) => a?.subscribers ?? []);
      const hist = new Map();
      for (const a of answers)
        for (const [ms, n] of Object.entries(a?.latency ?? {})) hist.set(Number(ms), (hist.get(Number(ms)) ?? 0) + n);
      return summarise(subs, hist, answers.filter((a) => !a).length, posted.length);
    },
  };
}

function fromHistogram(hist) {
  const sorted = [...hist.keys()].sort((a, b) => a - b);
  const total = [...hist.values()].reduce((a, b) => a + b, 0);
  const at = (p) => {
    let need = Math.floor((p / 100) * total);
    for (const ms of sorted) {
      need -= hist.get(ms);
      if (need < 0) return ms;
    }
    return sorted.at(-1);
  };
  return { deliveries: total, p50: at(50), p99: at(99), max: sorted.at(-1) };
}

function summarise(subs, hist, deadChildren, posted) {
  const sum = (k) => subs.reduce((a, s) => a + s[k], 0);
  const lostPer = subs.map((s) => s.lost).sort((a, b) => a - b);
  return {
    subscribers: subs.length,
    deadChildren,
    posted,
    lost: sum('lost'),
    subscribersWithLoss: subs.filter((s) => s.lost > 0).length,
    worstLoss: lostPer.at(-1) ?? 0,
    medianLoss: percentile(lostPer, 50) ?? 0,
    duplicated: sum('duplicated'),
    recovered: sum('recovered'),
    afterRefetch: sum('afterRefetch'),
    reconnects: sum('reconnects'),
    eventIds: subs.some((s) => s.eventIds),
    ...fromHistogram(hist),
  };
}
