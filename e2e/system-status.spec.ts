import { expect, test } from '@playwright/test';
import { ADMIN, logInAndWait, setTheme, shot } from './fixtures';

test('an admin reads the system status on /admin; a cron run clears the stall warning', async ({ page }) => {
  await logInAndWait(page, ADMIN.email);
  await page.goto('/admin');
  const section = page.getByTestId('system-status');
  await expect(section.getByRole('heading', { name: 'System status' })).toBeVisible();
  await expect(section.getByRole('region', { name: 'Live streams' })).toContainText('news');

  // Run the minute cron as Cloudflare would; the section then shows its run and no stall.
  expect((await page.request.get('/cdn-cgi/handler/scheduled?cron=*+*+*+*+*')).ok()).toBe(true);
  await page.reload();
  await expect(section.getByRole('region', { name: 'Minute cron' })).toContainText(/just now|ago/);
  await expect(section.locator('[data-code="CRON_STALLED"]')).toHaveCount(0);
  await shot(page, 'system-status-dark');
  await setTheme(page, 'light');
  await expect(section.getByRole('region', { name: 'Minute cron' })).toContainText(/just now|ago/);
  await shot(page, 'system-status-light');
});
