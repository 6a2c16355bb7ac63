import { expect, test, type Page } from '@playwright/test';
import { logInAndWait, openTerminal, publishHeadline as publish, shot, TRADER } from './fixtures';

const headline = (page: Page, title: string) => page.getByTestId('headline').filter({ hasText: title });

/** Opens a filter field by its key (the field `testId` takes the focus) and types `text`. */
async function typeFilter(page: Page, key: string, testId: string, text: string) {
  await page.keyboard.press(key);
  await expect(page.getByTestId(testId)).toBeFocused();
  await page.keyboard.type(text);
}

/** Opens a filter field by its key, empties it and leaves it (Esc). */
async function clearFilter(page: Page, key: string) {
  await page.keyboard.press(key);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
}

/** How many colours a PNG (a screenshot) has: more than the background and the tint means digits are drawn. */
const colourCount = (page: Page, png: Buffer) =>
  page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return colours.size;
  }, png.toString('base64'));

test('a trader with the terminal flag works the live terminal from the keyboard', async ({ page }) => {
  // One long walk through the screen (live prices need a few seconds to move): more than the default 30 s.
  test.setTimeout(120_000);
  await openTerminal(page);
  await expect(page.getByTestId('terminal')).toBeVisible();
  // Full screen: no nav bar, no user menu.
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  await expect(page.getByTestId('news-status').getByTestId('live-status')).toHaveText('Live');

  // The first item after the server starts meets cold code and caches: not the one measured.
  const warmUp = `Terminal e2e warm-up ${Date.now()}`;
  await publish(page, { title: warmUp, symbols: ['BTC'], importance: 'low' });
  await expect(headline(page, warmUp)).toBeVisible();

  // A posted headline appears within a second, on top, with live prices on its chips.
  const title = `Terminal e2e ${Date.now()}: exchange lists new pairs`;
  await publish(page, { title, symbols: ['BTC', 'ETH'], importance: 'critical', url: 'https://example.com/news/1' });
  await expect(headline(page, title)).toBeVisible({ timeout: 1000 });
  // Measured in the page: from the server receiving it to the frame that showed it.
  const id = Number(await headline(page, title).getAttribute('data-news-id'));
  const paint = await page.evaluate(
    (newsId) =>
      (
        window as unknown as { __terminalPaints?: { id: number; receivedAt: number; paintedAt: number }[] }
      ).__terminalPaints?.find((p) => p.id === newsId),
    id,
  );
  expect(paint!.paintedAt - paint!.receivedAt, JSON.stringify(paint)).toBeLessThan(1000);
  await expect(page.getByTestId('headline').first()).toContainText(title);
  const btc = headline(page, title).locator('[data-testid="price-chip"][data-symbol="BTC"]');
  // The digits are drawn on a canvas; the chip is an image named with the live price (simulated here,
  // and said so) and the change.
  const chipName = /^BTC ([\d,]+\.\d+) \(simulated\), (up [\d.]+%|down [\d.]+%|unchanged) since published$/;
  await expect(btc).toHaveAttribute('title', /simulated price/);
  await expect(page.getByTestId('price-source')).toHaveText('simulated');
  await expect(btc).toHaveAttribute('role', 'img');
  await expect(btc).toHaveAttribute('aria-label', chipName);
  await expect(headline(page, title).getByRole('img', { name: chipName })).toHaveCount(1);
  await expect(page.getByTestId('prices-status').getByTestId('live-status')).toHaveText('Live');
  // The canvas (drawn by the chip worker) shows digits, and they change with the price.
  const figures = btc.getByTestId('chip-figures');
  const first = { label: (await btc.getAttribute('aria-label'))!, shot: await figures.screenshot() };
  expect(await colourCount(page, first.shot), 'the canvas shows digits').toBeGreaterThan(2);
  // Live: the price on the chip changes by itself within a few seconds, in its name and on its canvas.
  await expect(btc).not.toHaveAttribute('aria-label', first.label, { timeout: 8000 });
  await expect.poll(async () => (await figures.screenshot()).equals(first.shot), { timeout: 8000 }).toBe(false);

  // Keyboard: j selects the newest, detail panel shows it; k/j move; focus stays on the list.
  await page.keyboard.press('j');
  await expect(page.getByTestId('headline').first()).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('detail-title')).toHaveText(title);
  await expect(page.getByTestId('detail-symbol')).toHaveCount(2);
  await page.keyboard.press('j');
  await expect(page.getByTestId('headline').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('k');
  await expect(page.getByTestId('detail-title')).toHaveText(title);
  await expect(page.getByTestId('headline-list')).toBeFocused();

  // A headline arriving while one is selected keeps the selection and the focus.
  const second = `Terminal e2e second ${Date.now()}`;
  await publish(page, { title: second, symbols: ['SOL'], importance: 'low' });
  await expect(headline(page, second)).toBeVisible({ timeout: 1000 });
  await expect(page.getByTestId('detail-title')).toHaveText(title);
  await expect(page.getByTestId('headline-list')).toBeFocused();

  // c opens the chart of the selected headline's first symbol; again: its next symbol.
  await page.keyboard.press('c');
  const chart = page.getByTestId('chart-panel');
  await expect(chart).toHaveAttribute('data-symbol', 'BTC');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart.getByText('Loading candles…')).toHaveCount(0);
  await expect(chart.getByTestId('chart-price')).toHaveText(/^[\d,]+\.\d+$/);
  // The chip names the same live price as the chart (read together: prices tick every second).
  await expect
    .poll(() =>
      page.evaluate((newsId) => {
        const chip = document.querySelector(`[data-news-id="${newsId}"] [data-testid="price-chip"][data-symbol="BTC"]`);
        const chartPrice = document.querySelector('[data-testid="chart-price"]')?.textContent;
        return chip?.getAttribute('aria-label')?.startsWith(`BTC ${chartPrice} (simulated),`);
      }, id),
    )
    .toBe(true);
  await shot(page, 'terminal-dark');
  await page.keyboard.press('c');
  await expect(chart).toHaveAttribute('data-symbol', 'ETH');
  await page.keyboard.press('Escape');
  await expect(chart).toHaveCount(0);

  // 1–4 toggle importance levels: 1 hides critical, so the critical headline goes; 1 again brings it back.
  await page.keyboard.press('1');
  await expect(page.getByTestId('importance-toggle-critical')).toHaveAttribute('aria-pressed', 'false');
  await expect(headline(page, title)).toHaveCount(0);
  await expect(headline(page, second)).toBeVisible();
  await page.keyboard.press('1');
  await expect(headline(page, title)).toBeVisible();

  // s: symbol filter; Esc returns to the list.
  await typeFilter(page, 's', 'symbol-filter', 'sol');
  await expect(headline(page, second)).toBeVisible();
  await expect(headline(page, title)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('headline-list')).toBeFocused();
  await clearFilter(page, 's');

  // /: search.
  await typeFilter(page, '/', 'terminal-search', 'exchange lists');
  await expect(headline(page, title)).toBeVisible();
  await expect(headline(page, second)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await clearFilter(page, '/');

  // m: mute, shown in the status bar.
  await page.keyboard.press('m');
  await expect(page.getByTestId('mute-state')).toHaveText(/Muted/);
  await page.keyboard.press('m');
  await expect(page.getByTestId('mute-state')).toHaveText(/Sound on/);

  // ?: every shortcut in an overlay; Esc closes it.
  await page.keyboard.press('?');
  const help = page.getByTestId('shortcuts-dialog');
  await expect(help).toBeVisible();
  for (const label of ['Filter by symbol', 'Search headlines', 'Mute or unmute sounds']) await expect(help).toContainText(label);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);

  // Clocks tick in UTC and local time.
  await expect(page.getByTestId('clock-utc')).toHaveText(/^\d\d:\d\d:\d\d UTC$/);

  // The light theme too (after a reload: the terminal comes back with its headlines).
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/light/);
  await expect(headline(page, title)).toBeVisible();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('c');
  await expect(page.getByTestId('chart-panel')).toBeVisible();
  await shot(page, 'terminal-light');
});

test('no price is invented: an unlisted symbol says "no market"; b1 with nothing to trade says why', async ({ page }) => {
  await openTerminal(page);
  const title = `Terminal e2e no market ${Date.now()}`;
  // PEPE trades on Binance USDⓈ-M only as 1000PEPE; ZZZQ is listed nowhere.
  await publish(page, { title, symbols: ['ZZZQ', 'PEPE', 'BTC'], importance: 'medium' });
  const row = headline(page, title);
  await expect(row).toBeVisible();
  for (const symbol of ['ZZZQ', 'PEPE']) {
    const chip = row.locator(`[data-testid="price-chip"][data-symbol="${symbol}"]`);
    await expect(chip).toHaveAttribute('data-market', 'none');
    await expect(chip).toContainText('no market');
    await expect(chip).toHaveAttribute('title', `${symbol} is not listed on the simulated market: no price`);
  }
  // The listed one beside them is priced as usual (the unlisted ones did not break the stream).
  await expect(row.locator('[data-testid="price-chip"][data-symbol="BTC"]')).toHaveAttribute(
    'aria-label',
    /^BTC [\d,]+\.\d+ \(simulated\)/,
  );
  await page.keyboard.press('j');
  await expect(page.getByTestId('detail-title')).toHaveText(title);
  await expect(page.getByTestId('detail-symbol').filter({ hasText: 'ZZZQ' })).toContainText('no market');

  // A headline without symbols: b1 explains itself, and the 1 does not hide the critical headlines.
  const bare = `Terminal e2e no symbol ${Date.now()}`;
  await publish(page, { title: bare, symbols: [], importance: 'low' });
  await expect(headline(page, bare)).toBeVisible();
  await headline(page, bare).click();
  await expect(page.getByTestId('detail-title')).toHaveText(bare);
  await page.keyboard.press('b');
  await page.keyboard.press('1');
  await expect(page.getByTestId('order-error')).toHaveText('This headline has no symbol: there is nothing to trade.');
  await expect(page.getByTestId('importance-toggle-critical')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
});

test('a user without the terminal flag is sent to /', async ({ page }) => {
  await logInAndWait(page, TRADER.email);
  await page.goto('/terminal');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('terminal')).toHaveCount(0);
});
