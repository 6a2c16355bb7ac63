import { DEMO_PASSWORD } from './fixtures';
import { addSecrets, markUsed, nextCode, resetTotpState, totpCodeAt } from './second-factor';

/** Authenticator apps each of the busiest demo users gets for this run, beside the demo one. */
const EXTRA_APPS = 5;
const BUSY = ['admin@example.com', 'trader@example.com', 'risk@example.com'];

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function post(base: string, path: string, body: unknown, cookie = '') {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

/**
 * Before the run (the server is up, its database fresh): a fresh code ledger, and the busiest demo
 * users' extra authenticator apps, added through the API as a user adds one (e2e/second-factor.ts
 * says why).
 */
export default async function globalSetup() {
  const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8788)}`;
  resetTotpState();
  for (const email of BUSY) {
    const pending = cookiesOf(await post(base, '/api/auth/sign-in/email', { email, password: DEMO_PASSWORD }));
    const cookie = cookiesOf(await post(base, '/api/auth/second-factor/totp', { code: await nextCode(email) }, pending));
    const secrets: string[] = [];
    for (let i = 0; i < EXTRA_APPS; i++) {
      const started = await post(base, '/api/rpc/startTotpEnrolment', { json: {} }, cookie);
      const { secret } = ((await started.json()) as { json: { secret: string } }).json;
      const now = Date.now();
      await post(
        base,
        '/api/rpc/confirmTotpEnrolment',
        { json: { code: totpCodeAt(secret, now), label: `e2e app ${i + 1}` } },
        cookie,
      );
      // The confirming code is spent.
      markUsed(email, secret, now);
      secrets.push(secret);
    }
    addSecrets(email, secrets);
  }
}
