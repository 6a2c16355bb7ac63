import { expect, test } from '@playwright/test';
import { ADMIN, TRADER, logInAndWait, shot } from './fixtures';

test('user menu: initials, name, email, theme toggle that survives reload, sign out to /', async ({ page }) => {
  await logInAndWait(page, TRADER.email);
  const avatar = page.getByRole('button', { name: 'User menu' });
  await expect(avatar).toHaveText('TT');
  await expect(page.locator('html')).toHaveClass(/dark/);

  await avatar.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(TRADER.email)).toBeVisible();
  await expect(menu.getByTestId('user-menu-name')).toHaveAttribute('aria-label', TRADER.name);
  await expect(menu.getByTestId('user-menu-name')).toHaveText(TRADER.name);
  await shot(page, 'user-menu-dark');

  await menu.getByRole('switch').click();
  await expect(page.locator('html')).toHaveClass(/light/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/light/);
  await shot(page, 'dashboard-light');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('not-found screen with Go back and Home', async ({ page }) => {
  await page.goto('/');
  await page.goto('/no/such/page');
  await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
  await shot(page, 'not-found');
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await page.goto('/no/such/page');
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('a route error shows the error screen; Show Error reveals it; Try Again reloads the data', async ({ page }) => {
  await logInAndWait(page, ADMIN.email);
  // The Users page's loader fails because its data call does (intercepted here: the app has no test
  // hook). A 4xx is not retried, so the error screen shows at once.
  const failing = '**/api/rpc/listUsers**';
  await page.route(failing, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ json: { defined: false, code: 'BAD_REQUEST', status: 400, message: 'Forced route error' } }),
    }),
  );
  await page.goto('/admin');
  await expect(page.getByText('Something went wrong!')).toBeVisible();
  await page.getByRole('button', { name: 'Show Error' }).click();
  await expect(page.getByText('Forced route error')).toBeVisible();
  await shot(page, 'error-screen');
  await page.getByRole('button', { name: 'Hide Error' }).click();
  await expect(page.getByText('Forced route error')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go Back' })).toBeVisible();
  // Still failing: Try Again runs the loader again and fails again.
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('Something went wrong!')).toBeVisible();
  // The server answers again: Try Again loads the page.
  await page.unroute(failing);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByText('Something went wrong!')).toHaveCount(0);
});

test('the production bundle carries no error-forcing test hook', async ({ page }) => {
  await logInAndWait(page, TRADER.email);
  await page.goto('/dashboard?__error=1');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Something went wrong!')).toHaveCount(0);
});

test('the page title uses the deployment\'s SITE_NAME', async ({ page }) => {
  await page.route('**/api/site', (route) => route.fulfill({ json: { name: 'Acme Desk' } }));
  await page.goto('/login');
  await expect(page).toHaveTitle('Acme Desk - Advanced Trading Platform');
});

test('the page title and the home page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Meridian - Advanced Trading Platform');
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await shot(page, 'home-anonymous');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'home-mobile');
});

test.describe('an operating system that prefers light', () => {
  test.use({ colorScheme: 'light' });

  test('a fresh browser gets dark; System follows the OS until the page is left; the toggle stores', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

    await logInAndWait(page, TRADER.email);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Match system theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await page.keyboard.press('Escape');

    // Nothing is stored for System: a new page load is dark again.
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menu').getByRole('switch').click();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });
});
