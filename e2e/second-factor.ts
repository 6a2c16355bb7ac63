import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { codeLedger, DEMO_TOTP_SECRET, totpCodeAt, totpStepOf } from '../scripts/demo-second-factor.mjs';

/**
 * Authenticator codes for the e2e suite. The demo users come enrolled with DEMO_TOTP_SECRET, and
 * every code works once (the Worker refuses a replay): one secret allows two sign-ins per 30 s. The
 * suite signs the demo users in far more often, so global-setup.ts gives each of them a few more
 * authenticator apps through the API (as a user with several devices would); the ledger below
 * records every step used, per user and secret, in a file the whole run shares.
 */
const port = Number(process.env.E2E_PORT ?? 8788);
const FILE = `${process.cwd()}/.wrangler/e2e-totp-${port}.json`;

interface State {
  /** extra authenticator secrets per email (global-setup.ts) */
  extra: Record<string, string[]>;
  /** the last step used per `${email}|${secret}` */
  used: Record<string, number>;
}

function load(): State {
  return existsSync(FILE) ? (JSON.parse(readFileSync(FILE, 'utf8')) as State) : { extra: {}, used: {} };
}
function save(state: State) {
  mkdirSync(dirname(FILE), { recursive: true });
  writeFileSync(FILE, JSON.stringify(state));
}

/** A fresh ledger for a run (its database is fresh too). */
export function resetTotpState() {
  save({ extra: {}, used: {} });
}

/** Adds authenticator secrets `email` may sign in with (global-setup.ts enrolled them). */
export function addSecrets(email: string, secrets: string[]) {
  const state = load();
  state.extra[email] = [...(state.extra[email] ?? []), ...secrets];
  save(state);
}

const ledger = codeLedger({
  load: () => load().used,
  save: (used) => save({ ...load(), used }),
});

/** The demo users, seeded with the demo authenticator (scripts/seed.mjs). */
export const DEMO_EMAILS = ['admin@example.com', 'trader@example.com', 'risk@example.com', 'pending@example.com'];

/** A code for `email` no earlier sign-in of this run used: the first of its secrets free now. */
export async function nextCode(email: string, secrets = [DEMO_TOTP_SECRET, ...(load().extra[email] ?? [])]): Promise<string> {
  const plans = secrets.map((secret) => ({ secret, ...ledger.plan(`${email}|${secret}`) }));
  const best = plans.find((p) => p.waitMs === 0) ?? plans.sort((a, b) => a.waitMs - b.waitMs)[0]!;
  return ledger.next(`${email}|${best.secret}`, best.secret);
}

/** Records a code the test computed itself (an enrolment's confirming code) as used. */
export function markUsed(email: string, secret: string, at = Date.now()) {
  const state = load();
  state.used[`${email}|${secret}`] = Math.max(state.used[`${email}|${secret}`] ?? -Infinity, totpStepOf(at));
  save(state);
}

/** The sign-in's second step on the page: the next code, then Verify. */
export async function enterSecondFactor(page: Page, email: string, secrets?: string[]) {
  const field = page.getByLabel('Authentication code');
  await expect(field).toBeVisible();
  await field.fill(await nextCode(email, secrets));
  await page.getByRole('button', { name: 'Verify' }).click();
}

export { DEMO_TOTP_SECRET, totpCodeAt };
