import { expect, test } from '@playwright/test';
import { openTicketOnHeadline, rpc } from './fixtures';

const SHOTS = '/tmp/wt-desk-shots';

/**
 * A stop under a resting order that flips the position: once the stop closed the long, that order
 * would open its whole size, past the trader's position limit. The TP/SL popover shows the gate's
 * refusal (the limit, by how much, and why) and stays open; the stop is not placed.
 */
test('a stop-loss the pre-trade gate refuses: the popover shows the limit and why, nothing rests', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Protect refused e2e ${Date.now()}: ether range`;
  const panel = await openTicketOnHeadline(page, title);
  const accountEmail = await panel.getByTestId('order-account').inputValue();
  await rpc(page, 'cancelAllOrders', { accountEmail, symbol: 'ETHUSDT' });
  const me = await rpc<{ id: string }>(page, 'getCurrentUser', {});

  await panel.getByRole('button', { name: /^Buy/ }).click();
  await page.getByTestId('confirm-dialog').getByTestId('confirm-action').click();
  await expect(panel.getByTestId('order-row').first()).toHaveAttribute('data-status', 'filled');
  const position = panel.getByTestId('position-ETHUSDT');
  await expect(position).toContainText('LONG');

  try {
    const { positionBefore: held, markPrice } = await rpc<{ positionBefore: number; markPrice: number }>(page, 'previewOrder', {
      accountEmail,
      symbol: 'ETHUSDT',
      side: 'SELL',
      reduceOnly: true,
    });
    expect(held).toBeGreaterThan(0);
    // A sell of 4 × the long resting just above the mark: a flip to short 3 × — allowed under a
    // limit set between that and short 4 ×.
    const sell = {
      accountEmail,
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'LIMIT',
      price: Number((Math.ceil(markPrice * 1.03 * 100) / 100).toFixed(2)),
      quantity: Number((4 * held).toFixed(3)),
      reduceOnly: false,
    };
    const preview = await rpc<{ riskCheck: { after: { positionNotional: number } } }>(page, 'previewOrder', sell);
    const limit = Math.round(preview.riskCheck.after.positionNotional * 1.15);
    await rpc(page, 'setRiskLimit', { traderId: me.id, kind: 'maxPositionNotional', value: limit });
    const resting = await rpc<{ status: string }>(page, 'placeOrder', { ...sell, clientOrderId: crypto.randomUUID() });
    expect(resting.status).toBe('open');

    await position.getByTestId('protect-position').click();
    const popover = page.getByTestId('protect-position-popover');
    await expect(popover).toBeVisible();
    await popover.getByTestId('protect-take-profit').fill('');
    await popover.getByTestId('protect-stop-loss').fill((Math.floor(markPrice * 0.97 * 100) / 100).toFixed(2));
    await page.keyboard.press('Enter');
    await expect(
      page.getByText(
        /Max position notional .* on ETHUSDT would be crossed by .* once this closes the position and the order resting on it fills/,
      ),
    ).toBeVisible();
    await expect(popover).toBeVisible();
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${SHOTS}/protect-refused-1440.png` });
    const open = panel.getByTestId('open-orders');
    await expect(open.getByTestId('open-order-row').filter({ hasText: 'Stop-loss' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The phone: the same refusal inside 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('headline').filter({ hasText: title }).click();
    const sheet = page.getByTestId('headline-sheet');
    await expect(sheet).toBeVisible();
    const protect = sheet.getByTestId('position-ETHUSDT').getByTestId('protect-position');
    await protect.scrollIntoViewIfNeeded();
    await protect.click();
    await popover.getByTestId('protect-take-profit').fill('');
    await popover.getByTestId('protect-stop-loss').fill((Math.floor(markPrice * 0.97 * 100) / 100).toFixed(2));
    await page.keyboard.press('Enter');
    const toast = page.getByText(/once this closes the position and the order resting on it fills/).last();
    await expect(toast).toBeVisible();
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${SHOTS}/protect-refused-390.png` });
    const box = (await toast.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  } finally {
    await rpc(page, 'setRiskLimit', { traderId: me.id, kind: 'maxPositionNotional', value: null });
    await rpc(page, 'cancelAllOrders', { accountEmail, symbol: 'ETHUSDT' });
  }
});
