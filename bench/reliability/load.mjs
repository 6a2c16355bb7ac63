// The soak's moving parts: the admin posting numbered headlines, the mixed authenticated load, and
// the Worker's memory read from /proc.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rpcGet } from '../lib.mjs';
import { ownedBy } from '../server.mjs';
import { readHeap } from './heap.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Posts "Bench soak <tag> N" every `everyMs` until `stop()`. Only headlines the Worker confirmed
 * count as posted (expected at every subscriber); a post whose answer was lost (the Worker went
 * down mid-request) is kept apart as `unconfirmed`: it may or may not have been stored.
 */
export function startPoster(base, adminCookie, tag, everyMs = 200) {
  const currentCookie = typeof adminCookie === 'function' ? adminCookie : () => adminCookie;
  const posted = [];
  const unconfirmed = [];
  let failed = 0;
  let n = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = Date.now();
      const title = `Bench soak ${tag} ${n} Bitcoin`;
      try {
        const res = await fetch(`${base}/api/rpc/postManualNews`, {
          method: 'POST',
          headers: { cookie: currentCookie(), 'content-type': 'application/json' },
          body: JSON.stringify({ json: { title, isTest: true } }),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok) posted.push(n);
        else failed++;
        await res.arrayBuffer();
      } catch {
        unconfirmed.push(n);
      }
      n++;
      await sleep(Math.max(0, everyMs - (Date.now() - started)));
    }
  })();
  return {
    posted,
    stop: async () => {
      stopped = true;
      await loop;
      return { posted, unconfirmed, failed, attempted: n };
    },
  };
}

/**
 * Feed pages, account stats and 30-day history for the trader's own account, round-robin over the
 * connections at a fixed overall rate (a soak is about holding a rate for long, not finding the peak).
 */
export function mixedLoad(base, cookie, { seconds, rate, connections = 10 }) {
  // `cookie` may be a function: a soak longer than the access token's life reads the refreshed one.
  const currentCookie = typeof cookie === 'function' ? cookie : () => cookie;
  const now = Date.now();
  const email = 'trader-main@sim.meridian';
  const paths = [
    rpcGet('getHistoricalNews', {}),
    rpcGet('getHistoricalNews', { symbols: 'BTC', importance: 'high' }),
    rpcGet('getUserAccountStats', { email }),
    rpcGet('getAccountHistory', { email, from: now - 30 * 86_400_000, to: now }),
  ];
  const instance = autocannon({
    url: base,
    connections,
    overallRate: rate,
    duration: seconds,
    requests: paths.map((path) => ({
      method: 'GET',
      path,
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: currentCookie() } }),
    })),
  });
  autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  return new Promise((resolve) =>
    instance.on('done', (r) =>
      resolve({
        requests: r.requests.total,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
      }),
    ),
  );
}

/** The workerd process of wrangler `rootPid` that serves `direct` (its own port, not the proxy's). */
export function workerPid(rootPid, direct) {
  const port = new URL(direct).port;
  try {
    const lines = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' }).split('\n');
    for (const line of lines) {
      const pid = Number(/pid=(\d+)/.exec(line)?.[1]);
      if (line.includes('workerd') && line.split(/\s+/)[3]?.endsWith(`:${port}`) && ownedBy(rootPid, pid)) return pid;
    }
  } catch {
    /* no ss */
  }
  return null;
}

/**
 * Samples the RSS of the workerd running the Worker every `everyMs` (`server()` gives the current
 * one) and, with an inspector port, the Worker isolate's V8 heap beside it.
 */
export function sampleMemory(server, everyMs = 5000, inspectorPort = null) {
  const samples = [];
  const t0 = Date.now();
  const take = async () => {
    const s = server();
    const pid = s && workerPid(s.pid, s.direct);
    if (!pid) return;
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
      const heap = inspectorPort ? await readHeap(inspectorPort) : null;
      samples.push({ t: Math.round((Date.now() - t0) / 1000), pid, mb: Math.round(kb / 1024), heap });
    } catch {
      /* restarting */
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return () => {
    clearInterval(timer);
    return samples;
  };
}
