import { expect, test } from '@playwright/test';
import { ADMIN, logInAndWait, setTheme, shot, uniqueEmail } from './fixtures';

const API_KEY = 'e2eKeyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v2W3x4Y5z6A7b8C9';
const API_SECRET = 'e2eSecretZ9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2H1g0F9e8D7c6B5a4Z3y2';

test('an admin sets a Binance account’s trading key (never shown again) and clears it with a confirmation', async ({ page }) => {
  test.setTimeout(60_000);
  const bodies: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/'))
      res.text().then(
        (text) => bodies.push(text),
        () => {},
      );
  });
  await logInAndWait(page, ADMIN.email);
  await page.goto('/admin/assignments');
  const email = uniqueEmail('keys').replace('@example.com', '@binance.meridian');
  await page.getByTestId('add-account').click();
  const add = page.getByTestId('add-account-dialog');
  await add.getByTestId('add-account-exchange').selectOption('binance');
  await add.getByLabel('Sub-account email').fill(email);
  await add.getByTestId('add-account-submit').click();
  const cell = page.getByTestId(`trading-key-${email}`);
  await expect(cell).toContainText('No trading key');

  await cell.getByRole('button', { name: 'Set key' }).click();
  const dialog = page.getByTestId('trading-key-dialog');
  await dialog.getByTestId('trading-key-submit').click();
  await expect(dialog.getByTestId('field-error-apiKey')).toBeVisible();
  await dialog.getByLabel('API key').fill(API_KEY);
  await dialog.getByLabel('API secret').fill(API_SECRET);
  await expect(dialog.getByLabel('API secret')).toHaveAttribute('type', 'password');
  await shot(page, 'admin-trading-key-form');
  await dialog.getByTestId('trading-key-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(cell).toContainText('Trading key set');
  await expect(cell.getByRole('button', { name: 'Replace' })).toBeVisible();
  await shot(page, 'admin-trading-key-set');
  await setTheme(page, 'light');
  await expect(cell).toContainText('Trading key set');
  await shot(page, 'admin-trading-key-set-light');
  await setTheme(page, 'dark');
  await expect(cell).toContainText('Trading key set');

  // Reloaded: still "set", and neither the key nor the secret ever came back from the server.
  await page.reload();
  await expect(cell).toContainText('Trading key set');
  expect(await page.content()).not.toContain(API_SECRET);
  expect(bodies.length).toBeGreaterThan(2);
  expect(bodies.filter((b) => b.includes(API_KEY) || b.includes(API_SECRET))).toEqual([]);

  await cell.getByTestId(`clear-trading-key-${email}`).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`Remove the trading key of ${email}?`);
  await confirm.getByRole('button', { name: 'Remove key' }).click();
  await expect(cell).toContainText('No trading key');
});
