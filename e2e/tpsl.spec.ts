import { expect, test } from '@playwright/test';
import { openTerminal, publishHeadline as publish, rpc, shot } from './fixtures';

interface Order {
  id: string;
  clientOrderId: string;
  type: string;
  status: string;
  symbol: string;
  triggerPrice: number | null;
}

test('an entry with TP/SL shows both lines on the chart; the stop dragged and confirmed moves; it triggers on the price path and its fill shows on Performance', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openTerminal(page);
  const title = `TP/SL e2e ${Date.now()}: ether holds its range`;
  await publish(page, { title, symbols: ['ETH'], importance: 'high' });
  await expect(page.getByTestId('headline').filter({ hasText: title })).toBeVisible();
  await page.keyboard.press('j');
  // c: the chart of the headline's symbol.
  await page.keyboard.press('c');
  await expect(page.getByTestId('chart-panel')).toHaveAttribute('data-symbol', 'ETH');
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('order-symbol')).toHaveText('ETHUSDT');
  const accountEmail = await panel.getByTestId('order-account').inputValue();
  expect(accountEmail).not.toBe('');
  // Only this spec's lines on the chart: the caller's resting ETH orders go first (shared demo account).
  await rpc(page, 'cancelAllOrders', { accountEmail, symbol: 'ETHUSDT' });

  // A market buy with TP 3 % and SL 1 % from the entry.
  await panel.getByTestId('order-take-profit').fill('3');
  await panel.getByTestId('order-stop-loss').fill('1');
  await panel.getByRole('button', { name: /^Buy/ }).click();
  const dialog = page.getByTestId('confirm-dialog');
  await dialog.getByTestId('confirm-action').click();
  // The entry filled; its take-profit and stop rest (newest first in the orders list), both lines on the chart.
  await expect(panel.getByTestId('order-row').nth(2)).toHaveAttribute('data-status', 'filled');
  const lines = page.getByTestId('chart-order-lines');
  await expect(lines.locator('li[data-kind="TP"]')).toHaveCount(1);
  await expect(lines.locator('li[data-kind="SL"]')).toHaveCount(1);
  const stopBefore = Number(await lines.locator('li[data-kind="SL"]').getAttribute('data-price'));
  await shot(page, 'tpsl-lines-1440');

  // Drag the stop: find its line from below (the pointer turns into a resize cursor over it), pull it down 24 px.
  const canvas = page.getByTestId('chart-canvas');
  const box = (await canvas.boundingBox())!;
  const x = box.x + box.width * 0.5;
  let grabY: number | null = null;
  for (let y = box.y + box.height - 30; y > box.y + 10 && grabY === null; y -= 2) {
    await page.mouse.move(x, y);
    if ((await canvas.evaluate((el) => el.style.cursor)) === 'ns-resize') grabY = y;
  }
  expect(grabY, 'the stop line is on the chart').not.toBeNull();
  await page.mouse.down();
  await page.mouse.move(x, grabY! + 12, { steps: 4 });
  await page.mouse.move(x, grabY! + 24, { steps: 4 });
  await page.mouse.up();
  await expect(dialog).toContainText(/Move stop to [\d,.]+\?/);
  await shot(page, 'tpsl-drag-confirm');
  // Cancel snaps the line back; a second drag is confirmed.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(lines.locator('li[data-kind="SL"]')).toHaveAttribute('data-price', String(stopBefore));
  await page.mouse.move(x, grabY!);
  await page.mouse.down();
  await page.mouse.move(x, grabY! + 24, { steps: 6 });
  await page.mouse.up();
  const asked = /Move stop to ([\d,.]+)\?/.exec((await dialog.textContent())!)![1]!.replaceAll(',', '');
  await dialog.getByTestId('confirm-action').click();
  await expect(lines.locator('li[data-kind="SL"]')).toHaveAttribute('data-price', String(Number(asked)));
  const stopRow = panel.getByTestId('open-order-row').filter({ hasText: 'Stop-loss' });
  await expect(stopRow).toHaveCount(1);
  await expect(stopRow).toContainText(Number(asked).toLocaleString('en-US', { maximumFractionDigits: 8 }).slice(0, 4));
  expect(Number(asked)).toBeLessThan(stopBefore);

  // The simulated path is random: the stop is moved up under the mark (0.03 %) until a sweep finds it crossed.
  let stop = (await rpc<Order[]>(page, 'listOpenOrders', { accountEmail })).find((o) => o.type === 'STOP_MARKET')!;
  await expect
    .poll(
      async () => {
        const open = await rpc<Order[]>(page, 'listOpenOrders', { accountEmail });
        const current = open.find((o) => o.type === 'STOP_MARKET' && o.symbol === 'ETHUSDT');
        if (!current) return 'triggered';
        stop = current;
        const { markPrice } = await rpc<{ markPrice: number }>(page, 'previewOrder', {
          accountEmail,
          symbol: 'ETHUSDT',
          side: 'BUY',
          notional: 100,
          reduceOnly: false,
        });
        const near = Math.floor(markPrice * 0.9997 * 100) / 100;
        if (near !== current.triggerPrice)
          await page.evaluate(
            async (json) =>
              fetch('/api/rpc/moveProtection', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ json }),
              }),
            { orderClientOrderId: current.clientOrderId, triggerPrice: near, clientOrderId: crypto.randomUUID() },
          );
        return 'resting';
      },
      { timeout: 180_000, intervals: [4_000] },
    )
    .toBe('triggered');
  const orders = await rpc<(Order & { filledQuantity: number | null })[]>(page, 'listOrders', { limit: 30 });
  const filledStop = orders.find((o) => o.type === 'STOP_MARKET' && o.status === 'filled');
  expect(filledStop, 'the stop filled').toBeTruthy();
  // The take-profit went with it; no lines are left.
  await expect(lines.locator('li')).toHaveCount(0, { timeout: 10_000 });

  // The stop's own fill on Performance (the demo account is shared: found by the stop's order), with its fee and realized PnL.
  await page.goto('/dashboard/performance');
  const fill = page
    .getByTestId('perf-fill')
    .filter({ has: page.getByTestId('perf-fill-order').getByText(filledStop!.id.slice(0, 8)) });
  await expect(fill).toHaveCount(1, { timeout: 15_000 });
  const now = Date.now();
  const fills = await rpc<
    { orderId: string | null; side: string; quantity: number; fee: number; feeUsd: number; realizedPnl: number }[]
  >(page, 'listFills', { from: now - 86_400_000, to: now + 60_000, limit: 200 });
  const stopFills = fills.filter((f) => f.orderId === filledStop!.id);
  expect(stopFills.map((f) => f.side)).toEqual(['SELL']);
  expect(stopFills[0]!.quantity).toBeCloseTo(filledStop!.filledQuantity!, 9);
  expect(stopFills[0]!.fee).toBeGreaterThan(0);
  expect(Number.isFinite(stopFills[0]!.realizedPnl)).toBe(true);
  await expect(fill).toContainText('ETHUSDT');
  await expect(fill).toContainText('Sell');
  await expect(fill.getByTestId('perf-fill-fee-asset')).toContainText('USDT');
  await expect(fill).toContainText(/[-+−]?\$[\d,.]+/);
  await shot(page, 'tpsl-performance');
  void stop;
});

test('the terminal chart with TP/SL lines at 390 px', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openTerminal(page);
  const title = `TP/SL phone e2e ${Date.now()}: ether`;
  await publish(page, { title, symbols: ['ETH'], importance: 'high' });
  await expect(page.getByTestId('headline').filter({ hasText: title })).toBeVisible();
  const [account] = await rpc<{ email: string }[]>(page, 'getUserAccounts', { scope: 'mine' });
  await rpc(page, 'cancelAllOrders', { accountEmail: account!.email, symbol: 'ETHUSDT' });
  await rpc(page, 'placeOrder', {
    accountEmail: account!.email,
    symbol: 'ETHUSDT',
    side: 'BUY',
    notional: 200,
    reduceOnly: false,
    clientOrderId: crypto.randomUUID(),
    takeProfitPercent: 2,
    stopLossPercent: 1,
  });
  // A click opens the headline in a sheet; Chart shows the chart.
  await page.getByTestId('headline').filter({ hasText: title }).click();
  const sheet = page.getByTestId('headline-sheet');
  await sheet.getByTestId('sheet-chart-toggle').click();
  await expect(sheet.getByTestId('chart-panel').getByText('Loading candles…')).toHaveCount(0);
  await expect(page.getByTestId('chart-order-lines').locator('li')).toHaveCount(2, { timeout: 15_000 });
  await shot(page, 'tpsl-lines-390');
  await rpc(page, 'cancelAllOrders', { accountEmail: account!.email, symbol: 'ETHUSDT' });
});

test('default TP/SL distances in price from the order settings: the ticket starts with them, the entry carries mark ± each', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(() =>
    localStorage.setItem(
      'meridian:terminal-order-settings',
      JSON.stringify({
        presets: [200, 5000, 25000],
        confirm: false,
        distanceUnit: 'offset',
        takeProfitDistance: 60,
        stopLossDistance: 25,
      }),
    ),
  );
  await openTerminal(page);
  const title = `TP/SL distance e2e ${Date.now()}: ether`;
  await publish(page, { title, symbols: ['ETH'], importance: 'high' });
  await expect(page.getByTestId('headline').filter({ hasText: title })).toBeVisible();
  await page.keyboard.press('j');
  const panel = page.getByTestId('order-panel');
  await expect(panel.getByTestId('order-symbol')).toHaveText('ETHUSDT');
  await expect(panel.getByTestId('order-protect-unit')).toHaveValue('offset');
  await expect(panel.getByTestId('order-take-profit')).toHaveValue('60');
  await expect(panel.getByTestId('order-stop-loss')).toHaveValue('25');
  await panel.getByRole('button', { name: 'Settings' }).click();
  await expect(panel.getByTestId('settings-distance-unit')).toHaveValue('offset');
  const accountEmail = await panel.getByTestId('order-account').inputValue();
  await panel.getByRole('button', { name: /^Buy/ }).click();
  await expect
    .poll(async () => {
      const rows = await rpc<
        { side: string; type: string; takeProfit: number | null; stopLoss: number | null; accountEmail: string }[]
      >(page, 'listOrders', { limit: 10 });
      const entry = rows.find((o) => o.accountEmail === accountEmail && o.type === 'MARKET' && o.takeProfit !== null);
      return entry ? Math.round((entry.takeProfit! - entry.stopLoss!) * 100) / 100 : null;
    })
    .toBe(85);
  await rpc(page, 'cancelAllOrders', { accountEmail, symbol: 'ETHUSDT' });
});
