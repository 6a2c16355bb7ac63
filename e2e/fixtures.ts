import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_EMAILS, enterSecondFactor } from './second-factor';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'meridian-demo';
export const ADMIN = { email: 'admin@example.com', name: 'Alex Admin' };
export const TRADER = { email: 'trader@example.com', name: 'Taylor Trader' };
export const RISK = { email: 'risk@example.com', name: 'Riley Risk' };

/** A unique address per call, so reruns against the same database never collide. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await fillLogin(page, email, password);
}

/**
 * Fills and submits the login form already on screen (keeps its ?redirect=). The demo users have a
 * second factor: with their password, the second step follows with a code computed here.
 */
export async function fillLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (password === DEMO_PASSWORD && DEMO_EMAILS.includes(email)) await enterSecondFactor(page, email);
}

export async function logInAndWait(page: Page, email: string, path = '/dashboard') {
  await logIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

/** Signs in and opens `path` (the dashboard first: the sign-in lands there). */
export async function openAs(page: Page, email: string, path: string) {
  await logInAndWait(page, email);
  await page.goto(path);
}

/** A second, independent browser (its own cookies) signed in as the given user. */
export async function asUser(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAndWait(page, email);
  return { page, close: () => context.close() };
}

/** Stores the theme choice and reloads until the page shows it. */
export async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(new RegExp(theme));
}

/** Signs in (the demo admin has the terminal flag) and opens /terminal once its data is loaded. */
export async function openTerminal(page: Page, email = ADMIN.email) {
  await logInAndWait(page, email);
  await page.goto('/terminal');
  await expect(page.getByTestId('terminal-loading')).toHaveCount(0);
}

/**
 * Opens the terminal, publishes a high-importance ETH headline titled `title` and opens the order
 * ticket on it (j): the panel, once it shows ETHUSDT and an account.
 */
export async function openTicketOnHeadline(page: Page, title: string) {
  await openTerminal(page);
  await publishHeadline(page, { title, symbols: ['ETH'], importance: 'high' });
  await expect(page.getByTestId('headline').filter({ hasText: title })).toBeVisible();
  await page.keyboard.press('j');
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('order-symbol')).toHaveText('ETHUSDT');
  await expect(panel.getByTestId('order-account')).not.toHaveValue('');
  return panel;
}

/** Publishes a headline as the signed-in admin, from the page itself (same origin, same cookies). */
export async function publishHeadline(
  page: Page,
  fields: { title: string; symbols: string[]; importance: string; url?: string },
) {
  const status = await page.evaluate(async (json) => {
    const res = await fetch('/api/rpc/postManualNews', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json }),
    });
    return res.status;
  }, fields);
  expect(status).toBe(200);
}

/** A title no earlier run used (the news dedupe would drop a repeat). */
export const unique = (text: string) => `${text} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * Picks an option of a searchable picker (ComboboxField) from the keyboard only: focus its button,
 * type (the first letter opens the list with the search started), then Enter on the highlight.
 */
export async function pickFromKeyboard(page: Page, trigger: Locator, text: string) {
  await trigger.focus();
  await page.keyboard.type(text);
  await expect(page.getByRole('combobox', { name: /^Search/ })).toHaveValue(text);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: /^Search/ })).toHaveCount(0);
}

/** An RPC call from the page itself (same origin, the signed-in cookies), answering its JSON. */
export async function rpc<T>(page: Page, name: string, json: unknown): Promise<T> {
  const { status, body } = await page.evaluate(
    async ([n, j]) => {
      const res = await fetch(`/api/rpc/${n}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: j }),
      });
      return { status: res.status, body: (await res.json()) as { json: unknown } };
    },
    [name, json] as const,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body.json as T;
}
