import { expect, test } from '@playwright/test';
import { ADMIN, TRADER, RISK, fillLogin, logInAndWait, shot } from './fixtures';

test('anonymous users are sent to /login and land where they were going after signing in', async ({ page }) => {
  await page.goto('/dashboard/charts');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await shot(page, 'login');
  await fillLogin(page, TRADER.email);
  await expect(page).toHaveURL(/\/dashboard\/charts$/);
  await expect(page.getByRole('heading', { name: 'Charts' })).toBeVisible();
});

test('anonymous: every protected route redirects to /login; /dashboard/alerts has no guard', async ({ page }) => {
  for (const path of [
    '/dashboard',
    '/news/feed',
    '/news/settings/general',
    '/risk-team',
    '/admin',
    '/terminal',
    '/dashboard/news_settings',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login/);
  }
  await page.goto('/dashboard/alerts');
  await expect(page).toHaveURL(/\/dashboard\/alerts$/);
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();
  await shot(page, 'alerts-anonymous');
});

test('a trader may not open risk-team, admin or terminal pages: redirected to /', async ({ page }) => {
  await logInAndWait(page, TRADER.email);
  for (const path of ['/risk-team', '/risk-team/metrics', '/admin', '/admin/todo', '/terminal']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
  await page.goto('/news/settings');
  await expect(page).toHaveURL(/\/news\/settings\/custom-rules$/);
  // The nav shows only what a trader may open.
  await expect(page.getByRole('button', { name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'News' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Risk Team' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Terminal' })).toHaveCount(0);
  await shot(page, 'home-trader');
});

test('the risk team opens risk pages; an admin opens admin pages and the full-screen terminal', async ({ page, context }) => {
  await logInAndWait(page, RISK.email);
  await page.goto('/risk-team/analysis');
  await expect(page.getByRole('heading', { name: 'Risk Analysis' })).toBeVisible();
  await shot(page, 'risk-analysis');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);

  await context.clearCookies();
  await logInAndWait(page, ADMIN.email);
  await page.goto('/admin/assignments');
  await expect(page.getByRole('heading', { name: 'Account Assignments' })).toBeVisible();
  await page.goto('/terminal');
  await expect(page).toHaveURL(/\/terminal$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  await shot(page, 'terminal');
});
