// `npm run lint:openapi`: the RPC API's OpenAPI document (worker/api-docs/openapi-document.ts, the one
// GET /api/openapi.json serves) built in Node, written to a temp file and linted offline by Redocly
// (recommended ruleset) and Spectral (spectral:oas). Any error fails; warnings are listed and counted.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { root } from './lib.mjs';

const here = join(root, 'scripts/openapi-lint');
const bin = (name) => join(root, 'node_modules/.bin', name);
// Neither linter may reach the network here: no telemetry, no update check.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' };

async function buildDocument() {
  const { module } = await runnerImport(join(root, 'worker/api-docs/openapi-document.ts'), {
    configFile: false,
    root,
    logLevel: 'error',
    resolve: { alias: { 'cloudflare:workers': join(here, 'cloudflare-workers-stub.mjs') } },
  });
  return module.buildOpenApiDocument();
}

/** Runs a linter that prints JSON on stdout; exits when it could not run at all. */
function lintJson(name, args) {
  const res = spawnSync(bin(name), args, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  try {
    return JSON.parse(res.stdout);
  } catch {
    console.error(`✖ ${name} did not run (exit ${res.status}):\n${res.stderr || res.stdout}`);
    process.exit(1);
  }
}

function redocly(file) {
  const out = lintJson('redocly', ['lint', file, '--config', join(here, 'redocly.yaml'), '--format=json']);
  return out.problems.map((p) => ({
    severity: p.severity === 'error' ? 'error' : 'warning',
    rule: p.ruleId,
    where: p.location?.[0]?.pointer ?? '',
    message: p.message,
  }));
}

function spectral(file) {
  const out = lintJson('spectral', ['lint', file, '--ruleset', join(here, 'spectral.yaml'), '--format', 'json', '--quiet']);
  const SEVERITY = ['error', 'warning', 'info', 'hint'];
  return out.map((p) => ({ severity: SEVERITY[p.severity], rule: p.code, where: `#/${p.path.join('/')}`, message: p.message }));
}

const dir = mkdtempSync(join(tmpdir(), 'meridian-openapi-'));
try {
  const file = join(dir, 'openapi.json');
  const document = await buildDocument();
  writeFileSync(file, JSON.stringify(document, null, 2));
  let failed = false;
  for (const [linter, problems] of [
    ['Redocly (recommended)', redocly(file)],
    ['Spectral (spectral:oas)', spectral(file)],
  ]) {
    const count = (severity) => problems.filter((p) => p.severity === severity).length;
    console.log(
      `${linter}: ${count('error')} errors, ${count('warning')} warnings, ${Object.keys(document.paths).length} operations`,
    );
    for (const p of problems.slice(0, 50)) console.log(`  ${p.severity} ${p.rule} ${p.where}: ${p.message}`);
    if (problems.length > 50) console.log(`  … and ${problems.length - 50} more`);
    failed ||= count('error') > 0;
  }
  if (failed) {
    console.error('✖ the OpenAPI document has lint errors');
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
