import { expect, test, type Page } from '@playwright/test';
import { openTicketOnHeadline, shot } from './fixtures';

/** An order sent as another tab would: straight to the API, so only the order stream can tell this page. */
async function placeElsewhere(page: Page, accountEmail: string, side: 'BUY' | 'SELL') {
  const clientOrderId = `e2e-${Date.now()}-${side}`;
  const status = await page.evaluate(
    async (json) => {
      const res = await fetch('/api/rpc/placeOrder', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json }),
      });
      return res.status;
    },
    { accountEmail, symbol: 'ETHUSDT', side, notional: 200, reduceOnly: false, clientOrderId },
  );
  expect(status).toBe(200);
  return clientOrderId;
}

/** Well under the lists' 5 s fallback poll and their 60 s safety refetch: only the stream is this quick. */
const LIVE_MS = 1500;

test('a trader with the terminal flag buys size 1 by keyboard, sees it filled; an order over the leverage limit is refused naming the limit', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The demo admin has the terminal flag and simulated accounts of their own.
  const panel = await openTicketOnHeadline(page, `Orders e2e ${Date.now()}: ether upgrade ships`);
  await expect(panel.getByTestId('preview-risk')).toHaveText('Within limits');

  // b1: buy size 1; the confirmation (on by default) shows the resulting position and leverage.
  await page.keyboard.press('b');
  await page.keyboard.press('1');
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Buy $1,000.00 of ETH');
  await expect(dialog.getByTestId('preview-leverage')).toHaveText(/×$/);
  // The primary button has the focus: Enter sends, Esc cancels.
  await expect(dialog.getByTestId('confirm-action')).toBeFocused();
  await shot(page, 'orders-confirm');
  const before = await panel.getByTestId('order-row').count();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(await panel.getByTestId('order-row').count(), 'Esc sent nothing').toBe(before);
  await page.keyboard.press('b');
  await page.keyboard.press('1');
  await expect(dialog.getByTestId('confirm-action')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('order-row').first()).toHaveAttribute('data-status', 'filled');
  await expect(panel.getByTestId('order-row').first()).toContainText('ETHUSDT');
  await expect(panel.getByTestId('position-ETHUSDT')).toBeVisible();

  // Size 3 set far above what the account's equity carries: refused before sending, the limit named.
  await panel.getByRole('button', { name: 'Settings' }).click();
  const size3 = panel.getByLabel('Size 3 (USD)');
  await size3.fill('1900000');
  await size3.blur();
  await page.getByTestId('headline-list').focus();
  await page.keyboard.press('s');
  await page.keyboard.press('3');
  await expect(dialog.getByTestId('preview-risk')).toHaveText('Over max leverage');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('order-error')).toContainText(/Max leverage 4\.00× would be crossed by/);
  await expect(panel.getByTestId('order-row').first()).toHaveAttribute('data-status', 'refused');
  await shot(page, 'orders-refused');

  // The order and the position on /dashboard, for the account traded.
  const email = await panel.getByTestId('order-account').inputValue();
  await page.evaluate((e) => localStorage.setItem('meridian.selectedAccount', e), email);
  await page.goto('/dashboard');
  const onDashboard = page.getByTestId('account-orders');
  await expect(onDashboard.getByTestId('order-row').filter({ hasText: 'Buy' }).first()).toHaveAttribute('data-status', 'filled');
  await expect(page.getByTestId('position-ETHUSDT')).toBeVisible();

  // Live: an order placed elsewhere shows up in the open list at once, through the order stream.
  await expect(onDashboard.getByTestId('orders-stream-status').getByTestId('live-status')).toHaveText('Live');
  const elsewhere = await placeElsewhere(page, email, 'SELL');
  const liveRow = onDashboard.locator(`[data-client-order-id="${elsewhere}"]`);
  await expect(liveRow).toHaveAttribute('data-status', 'filled', { timeout: LIVE_MS });
  await expect(liveRow).toContainText('Sell');

  // The risk team sees the trader's orders (the demo admin is on the risk team) and has the switches.
  const userId = await page.evaluate(async () => {
    const res = await fetch('/api/rpc/listOrders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { limit: 1 } }),
    });
    return ((await res.json()) as { json: { userId: string }[] }).json[0]!.userId;
  });
  await page.goto(`/risk-team/risk-trader?trader=${userId}`);
  const riskView = page.getByTestId('trader-orders');
  await expect(riskView.getByTestId('order-row').filter({ hasText: 'refused' }).first()).toBeVisible();
  await expect(riskView.getByTestId('orders-stream-status').getByTestId('live-status')).toHaveText('Live');
  const followed = await placeElsewhere(page, email, 'BUY');
  await expect(riskView.locator(`[data-client-order-id="${followed}"]`)).toHaveAttribute('data-status', 'filled', {
    timeout: LIVE_MS,
  });
  const traderSwitch = riskView.getByRole('switch', { name: /Trading on for/ });
  await expect(traderSwitch).toBeChecked();
  await traderSwitch.click();
  await expect(traderSwitch).not.toBeChecked();
  await shot(page, 'orders-risk-trader');
  await traderSwitch.click();
  await expect(traderSwitch).toBeChecked();

  // The panel in the light theme too (the screenshot is looked at, not compared).
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.goto('/terminal');
  await expect(page.locator('html')).toHaveClass(/light/);
  await expect(page.getByTestId('terminal-loading')).toHaveCount(0);
  // The headlines (and their chips) are on screen before the shot, not "Loading headlines…".
  await expect(page.getByTestId('headline').first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(panel).toBeVisible();
  await shot(page, 'orders-terminal-light');
});
