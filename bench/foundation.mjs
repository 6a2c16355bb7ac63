// The foundation's figures: writes its section of docs/PERFORMANCE.md.
// The load generator shares the machine's 2 cores with workerd: compare ratios within one run.
import autocannon from 'autocannon';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { startBenchServer, writeSection } from './server.mjs';
import { root } from '../scripts/lib.mjs';
import { signIn } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const password = process.env.DEMO_PASSWORD ?? 'meridian-demo';

function load(title, opts) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: 20, ...opts }, (err, result) => {
      if (err) return reject(err);
      const bad = result.non2xx + result.errors;
      resolve({
        title,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        bad,
      });
    });
  });
}

/** Gzipped bytes of every script the browser downloads to show /login (cold cache). */
async function loginJsBytes(base) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script')
      scripts.push(res.body().then((b) => ({ url: res.url(), raw: b.length, gz: gzipSync(b).length })));
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500); // the toaster chunk loads just after first paint: count it too
  const files = await Promise.all(scripts);
  await browser.close();
  return { files, raw: files.reduce((s, f) => s + f.raw, 0), gz: files.reduce((s, f) => s + f.gz, 0) };
}

/** A Worker with nothing in it under the same `wrangler dev` (its proxy included): the floor for (a). */
async function startBareWorker(port = 8796, config = 'bench/bare/wrangler.jsonc') {
  const child = spawn(
    `${root}node_modules/.bin/wrangler`,
    ['dev', '--config', config, '--port', String(port), '--ip', '127.0.0.1'],
    { cwd: root, detached: true, stdio: 'ignore', env: { ...process.env, CI: 'true' } },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(base)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    },
  };
}

/** One bare Worker's /api/health row (warmed up first); the Worker is stopped afterwards. */
async function measureBare(title, port, config) {
  const bare = await startBareWorker(port, config);
  try {
    await load('warm-up', { url: `${bare.base}/api/health`, duration: 2 });
    return await load(title, { url: `${bare.base}/api/health` });
  } finally {
    bare.stop();
  }
}

const server = await startBenchServer({ vars: { AUTH_MAX_FAILS_PER_EMAIL: 1e9, AUTH_MAX_FAILS_PER_IP: 1e9 } });
try {
  const cookie = await signIn(server.base, 'trader@example.com', password);
  const failedSignIn = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'trader@example.com', password: 'wrong-password' }),
  };
  // Warm-up so the first isolate start is not measured.
  await load('warm-up', { url: `${server.base}/api/health`, duration: 2 });
  const floor = await measureBare('(a0) a bare Worker (no app), same `wrangler dev`');
  // The same bare Worker behind the app's static-assets routing (bench/bare/wrangler-assets.jsonc):
  // the platform's hop in front of /api/* without any app code.
  const floorAssets = await measureBare(
    "(a0′) the bare Worker with the app's assets routing",
    8797,
    'bench/bare/wrangler-assets.jsonc',
  );

  const results = [floor, floorAssets];
  results.push(await load('(a) GET /api/health — bare route', { url: `${server.base}/api/health` }));
  results.push(
    await load('(b) GET /api/auth/get-session — JWT verify only', {
      url: `${server.base}/api/auth/get-session`,
      headers: { cookie },
    }),
  );
  results.push(
    await load('(c) getCurrentUser — one D1 read', { url: `${server.base}/api/rpc/getCurrentUser`, headers: { cookie } }),
  );
  results.push(
    await load('(d) failed sign-in (scrypt verify), 4 connections', {
      url: `${server.base}/api/auth/sign-in/email`,
      connections: 4,
      ...failedSignIn,
    }),
  );
  const oneHash = await load('(d1) failed sign-in, 1 connection (≈ one scrypt hash)', {
    url: `${server.base}/api/auth/sign-in/email`,
    connections: 1,
    ...failedSignIn,
  });
  results.push(oneHash);
  const bundle = await loginJsBytes(server.base);

  const [a0, a0assets, a, b, c] = results;
  const ratio = (x) => (x.rps / a.rps).toFixed(2);
  const rows = results
    .map((r) => `| ${r.title} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.bad} |`)
    .join('\n');
  const section = `<!-- bench:foundation -->
## Foundation (issue 2) — \`npm run bench\`, ${new Date().toISOString().slice(0, 10)}

Local workerd (\`wrangler dev\` serving the production build), autocannon on the same 2-core machine,
${DURATION} s per row, 20 connections unless noted. Latencies in ms.

| Request | req/s | p50 | p99 | requests | non-2xx/errors |
|---|---:|---:|---:|---:|---:|
${rows}

- **(a)/(a0) = ${(a.rps / a0.rps).toFixed(2)}×** (target ≥ 0.9×): /api/health against a Worker with nothing in it, both through \`wrangler dev\`'s proxy.
- (a)/(a0′) = ${(a.rps / a0assets.rps).toFixed(2)}×, and (a0′)/(a0) = ${(a0assets.rps / a0.rps).toFixed(2)}×: the part of the gap that is the static-assets routing in front of the Worker (the app serves its SPA from the same Worker), not the app's code.
- **(b)/(a) = ${ratio(b)}×** (target ≥ 0.7×): verification results are cached per isolate until the token expires.
- **(c)/(a) = ${ratio(c)}×** (target ≥ 0.6×).
- (d) rows answer 401 by design (counted as non-2xx). One scrypt verify (N=2^14, r=8, p=5) ≈ ${oneHash.p50} ms p50 at one connection.
- JS shipped for /login: **${(bundle.gz / 1024).toFixed(1)} KB gzipped** (${(bundle.raw / 1024).toFixed(0)} KB raw, ${bundle.files.length} files; budget 120 KB).
<!-- /bench:foundation -->`;
  console.log(section);

  writeSection('foundation', section);
} finally {
  server.stop();
}
