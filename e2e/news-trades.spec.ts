import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { ADMIN, openTicketOnHeadline, setTheme, shot, unique } from './fixtures';

/** Both widths, both themes (the e2e/fixtures.ts screenshots). */
async function screens(page: Page, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expect(page.getByTestId('news-trades-table')).toBeVisible();
      await shot(page, `${name}-${width}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an order placed from a headline in the terminal shows on /news/trades with its headline, kind and pending figures', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The demo admin has the terminal flag, simulated accounts and the risk-team flag.
  const title = unique('Binance will list News Trades e2e token');
  const panel = await openTicketOnHeadline(page, title);
  await page.keyboard.press('b');
  await page.keyboard.press('1');
  await page.getByTestId('confirm-dialog').getByTestId('confirm-action').click();
  await expect(panel.getByTestId('order-row').first()).toHaveAttribute('data-status', 'filled');

  // The News menu leads there.
  await page.goto('/news/feed');
  await page.getByRole('button', { name: 'News' }).first().click();
  await page.getByRole('menuitem', { name: 'News trades' }).click();
  await expect(page).toHaveURL(/\/news\/trades$/);
  await expect(page.getByRole('heading', { name: 'News trades' })).toBeVisible();

  const row = page.getByTestId('news-trade-row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Listing');
  await expect(row).toContainText('BUY');
  await expect(row).toContainText('ETHUSDT');
  await expect(row.getByTestId('importance-badge')).toHaveAttribute('data-importance', 'high');
  // Its windows have not elapsed: the figures are pending, not zero.
  await expect(row.getByTestId('trade-m1')).toContainText('pending');
  await expect(row.getByTestId('trade-close')).toContainText('pending');
  await expect(page.getByTestId('news-trades-simulated')).toBeVisible();

  // Grouped by kind: the listing group counts it.
  await page.getByRole('group', { name: 'Group by' }).getByRole('button', { name: 'Kind' }).click();
  await expect(page.getByTestId('trade-group-listing')).toBeVisible();

  // The risk team filters by trader: the admin's own trades keep it.
  const trader = page.getByTestId('news-trades-trader');
  await trader.selectOption({ label: ADMIN.name });
  await expect(row).toHaveCount(1);

  // The CSV holds the trade.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('news-trades-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^news-trades-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('pnl_1m_pct');
  expect(csv).toContain(title);

  await screens(page, 'news-trades');
});
