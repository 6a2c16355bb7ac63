import { expect, test } from '@playwright/test';
import { ADMIN, logInAndWait, shot } from './fixtures';

/*
 * The local default runs on simulated data (no Binance keys), and says so wherever it
 * shows: simulator headlines, mover flags measured on simulated prices, simulated accounts. (The
 * terminal's chips and status bar are checked in terminal.spec.ts.) Uses the seeded demo news.
 */

test('the feed marks simulator headlines, and the mover flag shows the measured move, its window and threshold', async ({
  page,
}) => {
  await logInAndWait(page, ADMIN.email);
  await page.goto('/news/feed?onePctMovement=true');
  const rows = page.getByTestId('news-row');
  await expect(rows.first()).toBeVisible();

  const flag = rows.first().getByTestId('one-pct-marker');
  // "▲ 0.47 % in 5 min" (the symbol first on a headline with several), marked as simulated.
  await expect(flag).toHaveText(/^([A-Z0-9]+ )?[▲▼] \d+\.\d\d % in (1|5) min· sim$/);
  await expect(flag).toHaveAttribute(
    'aria-label',
    /^[A-Z0-9]+ moved [+−]\d+\.\d\d % within (1|5) min of publication, past its threshold of [\d.]+ % within \d+ min \(measured on simulated prices\)$/,
  );
  // The measured move is at least the threshold it names: the flag and its threshold agree.
  const label = (await flag.getAttribute('aria-label'))!;
  const [, move, threshold] = /moved [+−](\d+\.\d\d) %.*threshold of ([\d.]+) %/.exec(label)!;
  expect(Number(move)).toBeGreaterThanOrEqual(Number(threshold) - 0.005);

  // Headlines of the simulator say they are simulated.
  await page.goto('/news/feed');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('simulated-marker').first()).toHaveText('Simulated');
  await shot(page, 'news-feed-simulated-marks');
});

test('a dashboard of a simulated account says so', async ({ page }) => {
  await logInAndWait(page, ADMIN.email);
  await expect(page.getByTestId('simulated-account')).toHaveText('Simulated account');
  await expect(page.getByTestId('account-selector').locator('option:checked')).toContainText('simulated');
  await page.goto('/dashboard/charts');
  await expect(page.getByTestId('simulated-account')).toBeVisible();
});
