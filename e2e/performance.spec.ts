import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { asUser, openTerminal, RISK, rpc, setTheme, shot } from './fixtures';

test('a round trip on the simulated venue shows its fills, fee and realized PnL on Performance; sortable, by week, CSV, both themes, 390 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openTerminal(page);
  const [account] = await rpc<{ email: string; exchange: string }[]>(page, 'getUserAccounts', {});
  expect(account?.exchange).toBe('simulated');
  const order = (side: 'BUY' | 'SELL') => ({
    accountEmail: account!.email,
    symbol: 'ETHUSDT',
    side,
    quantity: 0.05,
    reduceOnly: false,
    clientOrderId: crypto.randomUUID(),
  });
  const buy = await rpc<{ id: string; fillPrice: number; status: string }>(page, 'placeOrder', order('BUY'));
  const sell = await rpc<{ id: string; fillPrice: number; status: string }>(page, 'placeOrder', order('SELL'));
  expect([buy.status, sell.status]).toEqual(['filled', 'filled']);

  await page.goto('/dashboard/performance');
  await expect(page.getByRole('heading', { name: 'Performance' })).toBeVisible();
  await expect(page.getByTestId('perf-totals')).toBeVisible();
  await expect(page.getByTestId('perf-simulated')).toHaveText('simulated');
  await expect(page.getByTestId('perf-symbol-ETHUSDT')).toBeVisible();
  await expect(page.getByTestId('performance-chart')).toHaveAttribute('data-points', /[1-9]/);
  // The two fills, each with its fee (0.05 % taker) and the sell's realized PnL. Found by side and
  // price, not by place: other specs trade on this shared demo account, and a stop or take-profit
  // they left closes the whole position (0.07 where this spec sold 0.05), stamped when the price
  // path reached it, so it may sort between this spec's two fills.
  const fills = page.getByTestId('perf-fill');
  const price = (p: number) => p.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const sold = fills
    .filter({ hasText: 'Sell' })
    .filter({ hasText: price(sell.fillPrice) })
    .filter({ hasText: '0.05' });
  const bought = fills
    .filter({ hasText: 'Buy' })
    .filter({ hasText: price(buy.fillPrice) })
    .filter({ hasText: '0.05' });
  await expect(sold.first()).toContainText('ETHUSDT');
  await expect(bought.first()).toContainText('ETHUSDT');
  const fee = ((sell.fillPrice * 0.05 * 0.0005) as number).toFixed(2);
  await expect(sold.first()).toContainText(fee);
  // The order each fill belongs to (its id's start) and the fee in its asset beside the fee in USD.
  const fillsTable = page.getByTestId('perf-fills');
  for (const name of ['Order', 'Fee', 'Fee USD'])
    await expect(fillsTable.getByRole('columnheader', { name, exact: true })).toBeVisible();
  await expect(sold.first().getByTestId('perf-fill-order')).toHaveText(sell.id.slice(0, 8));
  await expect(bought.first().getByTestId('perf-fill-order')).toHaveAttribute('title', new RegExp(buy.id));
  await expect(sold.first().getByTestId('perf-fill-fee-asset')).toContainText('USDT');

  // The daily calendar: today carries the two fills (and any other spec's fills on this shared demo
  // account today); its detail says the same; the keyboard walks the days and the months.
  const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const calendar = page.getByTestId('perf-calendar');
  const todayCell = calendar.locator(`button[data-day="${today}"]`);
  await expect(todayCell).toHaveAttribute('data-net', /\d/);
  await expect(todayCell).toHaveAttribute('aria-label', /\d+ fills/);
  const todayFills = Number(/(\d+) fills/.exec((await todayCell.getAttribute('aria-label'))!)![1]);
  expect(todayFills).toBeGreaterThanOrEqual(2);
  await todayCell.click();
  await expect(page.getByTestId('perf-calendar-detail')).toContainText(`Fills${todayFills}`);
  const month = await page.getByTestId('perf-calendar-month').textContent();
  await todayCell.focus();
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('perf-calendar-month')).not.toHaveText(month!);
  await expect(calendar.getByRole('gridcell', { selected: true }).getByRole('button')).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('perf-calendar-month')).toHaveText(month!);
  await expect(todayCell).toBeFocused();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByTestId('perf-calendar-month')).toHaveText(month!);
  await shot(page, 'performance-dark');
  const fillsSection = page.getByRole('region', { name: 'Fills' });
  await fillsSection.screenshot({ path: 'test-results/screens/performance-fills-1440.png' });

  // Sort the symbols by fees; group by week; export the fills.
  const symbols = page.getByTestId('perf-symbols');
  await symbols.getByRole('columnheader', { name: /Fees/ }).click();
  await expect(symbols.getByRole('columnheader', { name: /Fees/ })).toHaveAttribute('aria-sort', /ascending|descending/);
  await page.getByRole('group', { name: 'Group by' }).getByRole('button', { name: 'Week' }).click();
  await expect(page.getByRole('heading', { name: 'Per week (UTC)' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('perf-csv-fills').click();
  expect((await download).suggestedFilename()).toMatch(/^fills-\d{4}-\d{2}-\d{2}\.csv$/);
  // Every fill of the range, each once: as many lines as the totals count fills (the same read scope).
  const lines = (await readFile((await (await download).path())!, 'utf8')).trim().split('\n');
  expect(lines[0]).toMatch(
    /^time_utc,account,symbol,side,price,quantity,fee,fee_asset,fee_usd,realized_pnl_usd,maker,order_id,fill_id$/,
  );
  const fillCount = Number(/closing of (\d+) fills/.exec((await page.getByTestId('perf-winrate').textContent())!)![1]);
  expect(lines.length - 1).toBe(fillCount);
  expect(new Set(lines.slice(1).map((l) => l.split(',').at(-1))).size).toBe(fillCount);
  for (const id of [buy.id, sell.id]) expect(lines.some((l) => l.includes(`,${id},`))).toBe(true);

  await setTheme(page, 'light');
  await expect(page.getByTestId('perf-totals')).toBeVisible();
  await shot(page, 'performance-light');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('perf-totals')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'performance-390');
  await setTheme(page, 'dark');
  await expect(page.getByTestId('perf-fill').first()).toBeVisible();
  await fillsSection.screenshot({ path: 'test-results/screens/performance-fills-390.png' });
  // The calendar fits the phone: seven days across, nothing scrolls sideways (checked above).
  const box = await page.getByTestId('perf-calendar').boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
});

test('someone without accounts sees what to do next', async ({ browser }) => {
  const { page, close } = await asUser(browser, RISK.email);
  await page.goto('/dashboard/performance');
  await expect(page.getByTestId('perf-empty').or(page.getByTestId('perf-totals'))).toBeVisible();
  await shot(page, 'performance-risk');
  await close();
});

test("the risk team sees a trader's performance on the risk trader page and the firm's on the charts page", async ({ page }) => {
  test.setTimeout(120_000);
  await openTerminal(page);
  const [account] = await rpc<{ email: string }[]>(page, 'getUserAccounts', {});
  await rpc(page, 'placeOrder', {
    accountEmail: account!.email,
    symbol: 'ETHUSDT',
    side: 'BUY',
    quantity: 0.05,
    reduceOnly: false,
    clientOrderId: crypto.randomUUID(),
  });
  const me = await rpc<{ id: string }>(page, 'getCurrentUser', {});

  await page.goto(`/risk-team/risk-trader?trader=${me.id}`);
  const mine = page.getByTestId('risk-trader-performance');
  await expect(mine.getByTestId('perf-totals')).toBeVisible();
  await expect(mine.getByTestId('perf-symbol-ETHUSDT')).toBeVisible();
  await expect(mine.getByTestId('perf-calendar')).toBeVisible();
  await shot(page, 'risk-trader-performance');

  await page.goto('/risk-team/charts');
  const firm = page.getByTestId('firm-performance');
  await expect(firm.getByTestId('firm-perf-totals')).toBeVisible();
  await expect(firm.getByTestId(`firm-perf-trader-${me.id}`)).toBeVisible();
  await firm.getByTestId(`firm-perf-trader-${me.id}`).getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`/risk-team/risk-trader\\?trader=${me.id}`));
  await page.goBack();
  await expect(firm.getByTestId('firm-perf-totals')).toBeVisible();
  const download = page.waitForEvent('download');
  await firm.getByTestId('firm-perf-csv').click();
  expect((await download).suggestedFilename()).toMatch(/^firm-performance-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv).toMatch(/^trader,email,trades,closing,wins,win_rate,/);
  expect(csv).toMatch(/\r\nFirm,,\d+,/);
  await shot(page, 'risk-charts-performance');
});
