import { expect, test } from '@playwright/test';
import { openTicketOnHeadline, shot } from './fixtures';

test('a limit buy below the mark rests in the open orders, and cancel takes it off', async ({ page }) => {
  test.setTimeout(90_000);
  const panel = await openTicketOnHeadline(page, `Limit e2e ${Date.now()}: ether rally pauses`);
  const account = await panel.getByTestId('order-account').inputValue();
  expect(account).not.toBe('');
  // 2 % below the mark, on ETH's 0.01 tick.
  const mark = await page.evaluate(async (accountEmail) => {
    const res = await fetch('/api/rpc/previewOrder', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { accountEmail, symbol: 'ETHUSDT', side: 'BUY', notional: 100, reduceOnly: false } }),
    });
    return ((await res.json()) as { json: { markPrice: number } }).json.markPrice;
  }, account);
  const price = (Math.floor(mark * 0.98 * 100) / 100).toFixed(2);

  await panel.getByTestId('order-type').selectOption('LIMIT');
  await panel.getByTestId('order-limit-price').fill(price);
  await panel.getByRole('button', { name: /^Buy/ }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText(`at ${Number(price)} (GTC)`);
  await dialog.getByTestId('confirm-action').click();

  const open = panel.getByTestId('open-orders');
  const row = open.getByTestId('open-order-row').first();
  await expect(row).toContainText('Limit');
  await expect(row).toContainText('ETHUSDT');
  await expect(panel.getByTestId('order-row').first()).toHaveAttribute('data-status', 'open');
  await shot(page, 'limit-order-resting');

  await row.getByRole('button', { name: /^Cancel/ }).click();
  await expect(open.getByTestId('open-order-row')).toHaveCount(0);
  await expect(open.getByTestId('open-orders-empty')).toHaveText('No open orders.');
  await expect(panel.getByTestId('order-row').first()).toHaveAttribute('data-status', 'canceled');
  await shot(page, 'limit-order-canceled');

  // The phone: the ticket's fields and the open orders at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('open-orders')).toBeVisible();
  await shot(page, 'limit-dashboard-390');
});
