import { expect, test, type Page } from '@playwright/test';
import { ADMIN, TRADER, asUser, logInAndWait, setTheme } from './fixtures';

/** The reference is a long page: a viewport shot shows what an admin sees first. */
const screen = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png` });

async function openReference(page: Page) {
  await page.goto('/admin/api-docs');
  await expect(page.getByRole('heading', { name: 'API Docs' })).toBeVisible();
  const reference = page.getByTestId('api-reference');
  await expect(reference.getByText('Meridian RPC API').first()).toBeVisible({ timeout: 20_000 });
  return reference;
}

test('an admin reads the API reference generated from the router, in both themes', async ({ page }) => {
  test.setTimeout(90_000);
  await logInAndWait(page, ADMIN.email);
  const scalarRequests: string[] = [];
  page.on('request', (req) => {
    if (/scalar-reference/.test(req.url())) scalarRequests.push(req.url());
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(scalarRequests, 'Scalar is loaded by the api-docs page only').toEqual([]);

  const reference = await openReference(page);
  expect(scalarRequests.length).toBeGreaterThan(0);
  await expect(page).toHaveTitle('API Docs · Meridian');
  await expect(reference.getByText('RPC wire format').first()).toBeVisible();
  await screen(page, 'admin-api-docs-dark');
  // The sidebar groups procedures by access level; getHistoricalNews is for approved users.
  await reference.getByRole('button', { name: 'Open Group - approved' }).click();
  await reference
    .getByRole('link', { name: /getHistoricalNews/ })
    .first()
    .click();
  const news = reference.getByRole('heading', { name: 'getHistoricalNews' });
  await expect(news).toBeVisible();
  await expect(reference.getByText('/getHistoricalNews').first()).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await screen(page, 'admin-api-docs-dark-operation');

  await setTheme(page, 'light');
  await openReference(page);
  await screen(page, 'admin-api-docs-light');
});

test('a trader is sent to / from the API reference, and the document is refused', async ({ browser }) => {
  const trader = await asUser(browser, TRADER.email);
  await trader.page.goto('/admin/api-docs');
  await expect(trader.page).toHaveURL(/\/$/);
  const status = await trader.page.evaluate(async () => (await fetch('/api/openapi.json')).status);
  expect(status).toBe(403);
  await trader.close();
});
