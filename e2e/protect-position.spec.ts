import { expect, test, type Locator, type Page } from '@playwright/test';
import { openTicketOnHeadline, rpc } from './fixtures';

const SHOTS = '/tmp/wt-desk-shots';

/** The popover once its opening animation is over, saved at the viewport's width. */
async function shootPopover(page: Page, popover: Locator, name: string) {
  await expect(popover).toBeVisible();
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('an open position gets a stop-loss from its TP/SL popover (resting, on the chart), then Cancel all ETHUSDT takes it off', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Protect e2e ${Date.now()}: ether holds support`;
  const panel = await openTicketOnHeadline(page, title);
  const accountEmail = await panel.getByTestId('order-account').inputValue();
  await rpc(page, 'cancelAllOrders', { accountEmail, symbol: 'ETHUSDT' });
  // c: the chart of the headline's symbol, where the stop's line shows.
  await page.keyboard.press('c');
  await expect(page.getByTestId('chart-panel')).toHaveAttribute('data-symbol', 'ETH');

  // A market buy opens (or adds to) the ETH long.
  await panel.getByRole('button', { name: /^Buy/ }).click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-action').click();
  await expect(panel.getByTestId('order-row').first()).toHaveAttribute('data-status', 'filled');
  const position = panel.getByTestId('position-ETHUSDT');
  await expect(position).toContainText('LONG');

  // Default distances in the ticket's settings (TP 3 %, SL 1 % from the entry) prefill the popover.
  await page.evaluate(() => {
    const key = 'meridian:terminal-order-settings';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as object;
    localStorage.setItem(key, JSON.stringify({ ...saved, distanceUnit: 'percent', takeProfitDistance: 3, stopLossDistance: 1 }));
  });
  await position.getByTestId('protect-position').click();
  const popover = page.getByTestId('protect-position-popover');
  await expect(popover).toContainText('Protect ETHUSDT long');
  await expect(popover.getByTestId('protect-position-prices')).toContainText('simulated');
  const takeProfit = popover.getByTestId('protect-take-profit');
  const stopLoss = popover.getByTestId('protect-stop-loss');
  await expect(takeProfit).toBeFocused();
  const entry = Number(
    /Entry ([\d,.]+)/.exec((await popover.getByTestId('protect-position-prices').textContent())!)![1]!.replaceAll(',', ''),
  );
  expect(Number(await takeProfit.inputValue())).toBeCloseTo(entry * 1.03, 1);
  expect(Number(await stopLoss.inputValue())).toBeCloseTo(entry * 0.99, 1);
  await shootPopover(page, popover, 'protect-popover-1440');

  // A stop above the mark would trigger at once: the server's message, the popover stays open.
  const { markPrice } = await rpc<{ markPrice: number }>(page, 'previewOrder', {
    accountEmail,
    symbol: 'ETHUSDT',
    side: 'SELL',
    reduceOnly: true,
  });
  await stopLoss.fill((Math.ceil(markPrice * 1.05 * 100) / 100).toFixed(2));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/would trigger immediately/)).toBeVisible();
  await expect(popover).toBeVisible();

  // 3 % under the mark, on ETH's 0.01 tick; Enter places it.
  const stop = (Math.floor(markPrice * 0.97 * 100) / 100).toFixed(2);
  await takeProfit.fill('');
  await stopLoss.fill(stop);
  await page.keyboard.press('Enter');
  await expect(popover).toHaveCount(0);
  await expect(page.getByText(/Protected the ETHUSDT long: stop-loss/)).toBeVisible();
  const open = panel.getByTestId('open-orders');
  const stopRow = open.getByTestId('open-order-row').filter({ hasText: 'Stop-loss' }).filter({ hasText: 'ETHUSDT' });
  await expect(stopRow).toHaveCount(1);
  await expect(page.getByTestId('chart-order-lines').locator('li[data-kind="SL"]')).toHaveAttribute(
    'data-price',
    String(Number(stop)),
  );

  // The stop rests: the popover offers the take-profit only; Escape closes it.
  await position.getByTestId('protect-position').click();
  await expect(popover.getByTestId('protect-stop-loss-resting')).toContainText('rests at');
  await expect(popover.getByTestId('protect-take-profit')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);

  // Cancel all ETHUSDT asks first; confirmed, the symbol's orders are gone.
  await open.getByTestId('cancel-symbol-orders').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('Cancel all 1 open order in ETHUSDT?');
  await confirm.getByTestId('confirm-action').click();
  await expect(stopRow).toHaveCount(0);
  await expect(page.getByTestId('chart-order-lines').locator('li[data-kind="SL"]')).toHaveCount(0);

  // The phone: the sheet's position row, its popover inside 390 px (a stop resting: the take-profit only),
  // and the per-symbol cancel all beside the account's.
  await rpc(page, 'protectPosition', {
    accountEmail,
    symbol: 'ETHUSDT',
    stopLoss: Number(stop),
    clientOrderId: crypto.randomUUID(),
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('headline').filter({ hasText: title }).click();
  const sheet = page.getByTestId('headline-sheet');
  await expect(sheet).toBeVisible();
  const phoneOpen = sheet.getByTestId('open-orders');
  await expect(phoneOpen.getByTestId('open-order-row')).toHaveCount(1);
  const protectButton = sheet.getByTestId('position-ETHUSDT').getByTestId('protect-position');
  await protectButton.scrollIntoViewIfNeeded();
  expect((await protectButton.boundingBox())!.height).toBeGreaterThanOrEqual(40);
  await protectButton.click();
  await expect(popover.getByTestId('protect-stop-loss-resting')).toBeVisible();
  await shootPopover(page, popover, 'protect-popover-390');
  const box = (await popover.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  const cancelSymbol = phoneOpen.getByTestId('cancel-symbol-orders');
  await cancelSymbol.scrollIntoViewIfNeeded();
  await expect(phoneOpen.getByTestId('cancel-all-orders')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/cancel-symbol-390.png` });
  await cancelSymbol.click();
  await confirm.getByTestId('confirm-action').click();
  await expect(phoneOpen.getByTestId('open-orders-empty')).toBeVisible();
});
