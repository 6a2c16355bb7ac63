import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, asUser, shot, uniqueEmail } from './fixtures';
import { enterSecondFactor, markUsed, nextCode, totpCodeAt } from './second-factor';

const PASSWORD = 'a-long-password-123';

/** Signs up a new user (awaiting approval) on `origin` (the base URL unless given). */
async function signUp(page: Page, email: string, origin = '') {
  await page.goto(`${origin}/signup`);
  await page.getByLabel('Name').fill('Sam Second');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Awaiting approval' })).toBeVisible();
}

/** The demo admin approves the user and gives them `changes` (through the RPC API, from their page). */
async function grant(browser: Browser, email: string, changes: Record<string, unknown>) {
  const admin = await asUser(browser, ADMIN.email);
  const status = await admin.page.evaluate(
    async ({ email, changes }) => {
      const query = encodeURIComponent(JSON.stringify({ json: { search: email, status: 'all', page: 1, pageSize: 10 } }));
      const list = (await (await fetch(`/api/rpc/listUsers?data=${query}`)).json()) as { json: { items: { id: string }[] } };
      const res = await fetch('/api/rpc/updateUser', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: { id: list.json.items[0]!.id, approved: true, ...changes } }),
      });
      return res.status;
    },
    { email, changes },
  );
  await admin.close();
  expect(status).toBe(200);
}

/** Password only (a user without a second factor yet, or up to the second step). */
async function passwordStep(page: Page, email: string, origin = '') {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
}

test('authenticator app: the terminal leads to enrolment; enrol by QR secret, sign in with a code, step up, end other sessions, lose the device and recover', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('totp');
  await signUp(page, email);
  await grant(browser, email, { can_use_terminal: true });

  // A second browser signed in before the enrolment: its session has never confirmed a factor.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await passwordStep(otherPage, email);
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  // The terminal answers 403 secondFactorRequired: the SPA leads to the security page.
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/terminal');
  await expect(page).toHaveURL(/\/account\/security\?enrol=true$/, { timeout: 15_000 });
  await expect(page.getByTestId('enrol-notice')).toBeVisible();
  await expect(page.getByTestId('second-factor-required')).toBeVisible();

  await page.getByTestId('add-authenticator').click();
  const dialog = page.getByTestId('add-authenticator-dialog');
  await expect(dialog.getByTestId('totp-qr')).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, 'second-factor-enrol');
  const now = Date.now();
  await dialog.getByLabel('Code from the app').fill(totpCodeAt(secret, now));
  markUsed(email, secret, now);
  await dialog.getByRole('button', { name: 'Add app' }).click();
  const codesDialog = page.getByTestId('recovery-codes-dialog');
  await expect(codesDialog.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await codesDialog.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  await shot(page, 'second-factor-recovery-codes');
  await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('second-factor-row')).toHaveCount(1);
  await expect(page.getByTestId('recovery-codes-left')).toContainText('10');

  // The session that enrolled may use the terminal at once.
  await page.goto('/terminal');
  await expect(page.getByTestId('terminal-loading')).toHaveCount(0);
  await expect(page).toHaveURL(/\/terminal$/);

  // The older session steps up: the terminal's calls ask, the dialog confirms, the calls go again.
  await otherPage.goto('/terminal');
  const stepUp = otherPage.getByTestId('step-up-dialog');
  await expect(stepUp).toBeVisible();
  await shot(otherPage, 'second-factor-step-up');
  await stepUp.getByLabel('Authentication code').fill(await nextCode(email, [secret]));
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toHaveCount(0);
  await expect(otherPage.getByTestId('terminal-loading')).toHaveCount(0);
  await expect(otherPage).toHaveURL(/\/terminal$/);

  // Sign out and in again: the password, then a code.
  await page.goto('/dashboard');
  await signOut(page);
  await passwordStep(page, email);
  await enterSecondFactor(page, email, [secret]);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The sessions list shows both browsers; ending the others signs the second one out.
  await page.goto('/account/security');
  await expect(page.getByTestId('session-row')).toHaveCount(2);
  await expect(page.getByTestId('session-row').filter({ hasText: 'This browser' })).toHaveCount(1);
  await page.getByTestId('end-other-sessions').click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await otherPage.goto('/dashboard');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  // The device is lost: a recovery code signs in once and leads to the security page.
  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/account\/security\?recovered=true$/);
  await expect(page.getByTestId('recovered-notice')).toContainText('9 left');
  await shot(page, 'second-factor-recovered');
  // Remove the lost app and add a new one.
  await page.getByTestId('second-factor-row').getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('second-factor-row')).toHaveCount(0);
  await page.getByTestId('add-authenticator').click();
  const again = page.getByTestId('add-authenticator-dialog');
  const newSecret = (await again.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  const at = Date.now();
  await again.getByLabel('Code from the app').fill(totpCodeAt(newSecret, at));
  markUsed(email, newSecret, at);
  await again.getByRole('button', { name: 'Add app' }).click();
  await page.getByTestId('recovery-codes-dialog').getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('second-factor-row')).toHaveCount(1);

  // The used recovery code (and the old app) no longer work.
  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('That code is not valid');
  await page.getByRole('button', { name: 'Use your authenticator app' }).click();
  await enterSecondFactor(page, email, [newSecret]);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('passkey (Chromium virtual authenticator): add one, sign in with it', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  // WebAuthn needs a domain, not an IP address: this test runs on localhost.
  const origin = baseURL!.replace('127.0.0.1', 'localhost');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = uniqueEmail('passkey');
  await signUp(page, email, origin);
  await grant(browser, email, {});
  await page.goto(`${origin}/account/security`);
  await page.getByTestId('add-passkey').click();
  await expect(page.getByTestId('second-factor-row')).toHaveCount(1);
  await expect(page.getByTestId('second-factor-row')).toContainText('Passkey');
  // The first factor comes with recovery codes, shown once.
  await expect(page.getByTestId('recovery-codes-dialog').getByRole('listitem')).toHaveCount(10);
  await page.getByTestId('recovery-codes-dialog').getByRole('button', { name: 'I have saved them' }).click();
  // The authenticator holds the new credential, for this site.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.rpId).toBe('localhost');

  await page.goto(`${origin}/dashboard`);
  await signOut(page);
  await passwordStep(page, email, origin);
  await expect(page.getByTestId('second-factor-step')).toBeVisible();
  await shot(page, 'second-factor-passkey-step');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
