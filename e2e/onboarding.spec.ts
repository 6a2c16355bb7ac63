import { expect, test } from '@playwright/test';
import { ADMIN, asUser, shot, uniqueEmail } from './fixtures';

test('sign up → awaiting approval → an admin approves in /admin → the user reaches /dashboard', async ({ page, browser }) => {
  const email = uniqueEmail('newbie');
  await page.goto('/signup');
  await shot(page, 'signup');
  await page.getByLabel('Name').fill('Nina Newbie');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-password-123');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page.getByRole('heading', { name: 'Awaiting approval' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await shot(page, 'awaiting-approval');

  // Protected pages send an unapproved user back to the explanation, not into a loop.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Awaiting approval' })).toBeVisible();

  const admin = await asUser(browser, ADMIN.email);
  await admin.page.goto('/admin');
  await admin.page
    .getByRole('searchbox')
    .or(admin.page.getByPlaceholder(/search/i))
    .first()
    .fill(email);
  const row = admin.page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  // Wait for the search to settle (only the header row and ours) before acting on the row.
  await expect(admin.page.getByRole('row')).toHaveCount(2);
  await shot(admin.page, 'admin-users');
  await row.getByRole('button', { name: /^approve/i }).click();
  await expect(row.getByRole('button', { name: /unapprove/i })).toBeVisible();
  await admin.close();

  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await shot(page, 'dashboard');
});

test('sign-up shows field errors from the server and refuses a taken email', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Short Pass');
  await page.getByLabel('Email').fill(uniqueEmail('short'));
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('a-long-password-123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('An account with this email already exists')).toBeVisible();
});

test('a wrong password shows a clear error', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('trader@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await shot(page, 'login-error');
});
