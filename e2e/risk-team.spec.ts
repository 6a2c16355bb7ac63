import { expect, test, type Page, type Request } from '@playwright/test';
import { RISK, TRADER, logInAndWait, pickFromKeyboard, shot } from './fixtures';

/** The seeded desk (scripts/seed.mjs + seed-accounts.mjs): every user with assigned accounts. */
const DESK = [
  'Alex Admin',
  'Taylor Trader',
  'Riley Risk',
  'Morgan Hale',
  'Jordan Kim',
  'Casey Ortiz',
  'Sam Novak',
  'Avery Chen',
  'Quinn Baker',
  'Drew Patel',
  'Reese Morgan',
  'Skyler Diaz',
  'Rowan Fischer',
];
const PAGES = [
  ['overview', '/risk-team'],
  ['trader', '/risk-team/risk-trader'],
  ['charts', '/risk-team/charts'],
  ['metrics', '/risk-team/metrics'],
  ['analysis', '/risk-team/analysis'],
  ['alerts', '/risk-team/alerts'],
] as const;

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(new RegExp(theme));
}

const rows = (page: Page) => page.getByTestId('risk-overview-table').locator('[role="row"][data-index]');

test('the risk desk: every trader, sorted by drawdown, the trader in breach acknowledged, the stress grid', async ({ page }) => {
  test.setTimeout(180_000);
  await logInAndWait(page, RISK.email);
  await page.goto('/risk-team');
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  // The minute cron judges the limits; local workerd only fires it when asked. The live risk stream
  // then refreshes the open table: no reload.
  expect((await page.request.get('/cdn-cgi/handler/scheduled?cron=*+*+*+*+*')).ok()).toBe(true);
  await expect(rows(page)).toHaveCount(DESK.length);
  for (const name of DESK) await expect(rows(page).filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByTestId('firm-total')).toContainText('Firm total');
  const breached = rows(page).filter({ has: page.getByTestId('breach-mark') });
  await expect(breached.filter({ hasText: 'Jordan Kim' })).toContainText('Breach: leverage', { timeout: 20_000 });
  await expect(breached.filter({ hasText: 'Morgan Hale' })).toContainText('Breach: drawdown');

  // The next tick carries the traders' changed rows: patched into the open table without a
  // refetch, showing what a fresh load shows (exact values in the cells' titles).
  const asOf = await page.locator('[data-as-of]').getAttribute('data-as-of');
  const refetches: string[] = [];
  const countRefetch = (r: Request) => void (r.url().includes('getAllTradersLatestMetrics') && refetches.push(r.url()));
  page.on('request', countRefetch);
  expect((await page.request.get('/cdn-cgi/handler/scheduled?cron=*+*+*+*+*')).ok()).toBe(true);
  await expect(page.locator('[data-as-of]')).not.toHaveAttribute('data-as-of', asOf!, { timeout: 20_000 });
  page.off('request', countRefetch);
  expect(refetches).toEqual([]);
  const figures = () =>
    rows(page)
      .locator('[data-hover-title]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-hover-title')));
  // The table writes a tick's rows a few per frame (web/lib/frame-budget.ts): read them once settled.
  let patched = await figures();
  for (let again = await figures(); JSON.stringify(again) !== JSON.stringify(patched); again = await figures()) {
    patched = again;
    await page.waitForTimeout(100);
  }
  await page.reload();
  await expect(rows(page)).toHaveCount(DESK.length);
  expect(await figures()).toEqual(patched);
  // Exact values show as the hover title, set when the pointer arrives (web/lib/hover-title.ts).
  const equity = rows(page).first().locator('[data-hover-title]').first();
  await equity.hover();
  await expect(equity).toHaveAttribute('title', (await equity.getAttribute('data-hover-title'))!);

  // Sort by drawdown, deepest first. The simulated market moves with the clock, so which trader is
  // deepest depends on the hour: the rows' own drawdown cells must read deepest first.
  const drawdown = page.getByRole('columnheader', { name: /Drawdown/ });
  await drawdown.getByRole('button').click();
  if ((await drawdown.getAttribute('aria-sort')) !== 'descending') await drawdown.getByRole('button').click();
  await expect(drawdown).toHaveAttribute('aria-sort', 'descending');
  const drawdownColumn = (await page.getByRole('columnheader').allTextContents()).findIndex((t) => /Drawdown/.test(t));
  const depths = async () =>
    (
      await rows(page).evaluateAll(
        (els, column) => els.map((row) => row.querySelectorAll('[role="cell"]')[column]?.textContent ?? ''),
        drawdownColumn,
      )
    ).map((text) => Number(text.replace(/[−%,]/g, '')));
  await expect
    .poll(async () => {
      const seen = await depths();
      return seen.length === DESK.length && seen.every((d, i) => i === 0 || seen[i - 1]! >= d);
    })
    .toBe(true);
  expect((await depths())[0]).toBeGreaterThan(0);

  // Open the trader over the leverage limit from the keyboard-navigable table.
  await rows(page).filter({ hasText: 'Jordan Kim' }).click();
  await expect(page).toHaveURL(/\/risk-team\/risk-trader\?trader=/);
  await expect(page.getByTestId('risk-trader-picker')).toContainText('Jordan Kim');
  const item = page.getByTestId('breach-item').filter({ hasText: 'Max leverage' }).first();
  await expect(item).toContainText('Open');
  await item.getByRole('button', { name: 'Acknowledge' }).click();
  await page.getByLabel('Acknowledgement note').fill('Called Jordan: cutting the ETH book');
  await page.getByRole('button', { name: 'Save acknowledgement' }).click();
  await expect(item).toContainText('“Called Jordan: cutting the ETH book”');
  await expect(item.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);

  // The stress grid: a row per trader plus the firm; a new beta recomputes it.
  await page.goto('/risk-team/analysis');
  const grid = page.getByTestId('stress-grid');
  await expect(grid.locator('[role="row"][data-index]')).toHaveCount(DESK.length);
  await expect(grid.getByRole('columnheader', { name: 'Worst' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByTestId('stress-firm')).toContainText('Firm');
  await expect(grid.getByRole('columnheader', { name: 'BTC −20%' })).toBeVisible();
  const before = await page.getByTestId('stress-firm').textContent();
  await page.getByLabel('Alt beta to BTC').fill('2');
  await expect(page.getByText('(beta 2)')).toBeVisible();
  expect(await page.getByTestId('stress-firm').textContent()).not.toBe(before);

  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const [name, path] of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await shot(page, `risk-${name}-${theme}`);
    }
  }
  // Phone width: every page fits without sideways scrolling of the page itself.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [name, path] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} is wider than the phone`).toBeLessThanOrEqual(0);
    await shot(page, `risk-${name}-phone`);
  }
});

test('the charts page compares the traders picked by name', async ({ page }) => {
  await logInAndWait(page, RISK.email);
  await page.goto('/risk-team/charts');
  const picked = page.getByRole('group', { name: /Traders compared/ });
  const legend = page.getByRole('figure', { name: 'Traders compared' }).locator('figcaption');
  // The first three traders of the desk by default, each in the legend of the compare chart.
  await expect(picked.getByRole('button', { name: /^Remove / })).toHaveCount(3);
  await expect(legend.locator(':scope > span')).toHaveCount(3);
  await expect(picked).toContainText('3 of 8');

  // Found by name from the keyboard: type, arrow down to the second match, Enter.
  await picked.getByRole('button', { name: 'Add trader' }).click();
  const search = page.getByRole('combobox', { name: 'Search traders' });
  await expect(search).toBeFocused();
  await search.fill('o');
  const options = page.getByRole('listbox', { name: 'Traders' }).getByRole('option');
  const second = (await options.nth(1).textContent())!;
  await search.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'risk-charts-picker-dark');
  await search.press('Enter');
  await expect(picked.getByRole('button', { name: `Remove ${second}` })).toBeVisible();
  await expect(legend).toContainText(second);
  await expect(options.filter({ hasText: second })).toHaveCount(0); // picked ones are not offered again
  await search.fill('no such trader');
  await expect(page.getByText('No trader matches “no such trader”.')).toBeVisible();
  await search.press('Escape');

  await picked.getByRole('button', { name: `Remove ${second}` }).click();
  await expect(legend).not.toContainText(second);
  await expect(picked.getByRole('button', { name: /^Remove / })).toHaveCount(3);

  // The first trader removed and added back comes last: each chip's colour is its line's colour.
  const chips = picked.locator(':scope > span:has(button)');
  const firstName = (await chips.first().innerText()).trim();
  await picked.getByRole('button', { name: `Remove ${firstName}` }).click();
  await expect(legend).not.toContainText(firstName);
  await picked.getByRole('button', { name: 'Add trader' }).click();
  await search.fill(firstName);
  await search.press('Enter');
  await expect(legend.locator(':scope > span').last()).toHaveText(firstName);
  const colours = (spans: typeof legend) =>
    spans.evaluateAll((list) =>
      list.map((s) => `${s.textContent?.trim()} ${getComputedStyle(s.querySelector('[aria-hidden]')!).backgroundColor}`),
    );
  expect(await colours(chips)).toEqual(await colours(legend.locator(':scope > span')));

  await setTheme(page, 'light');
  await picked.getByRole('button', { name: 'Add trader' }).click();
  await search.fill('a');
  await shot(page, 'risk-charts-picker-light');
});

test('the trader pickers search the desk from the keyboard (Risk Trader, limit overrides)', async ({ page }) => {
  test.setTimeout(60_000);
  await logInAndWait(page, RISK.email);
  await page.goto('/risk-team/risk-trader');
  const picker = page.getByTestId('risk-trader-picker');
  await expect(picker).toHaveAttribute('data-value', /.+/);

  // ArrowDown opens the whole desk (no "N more" under 50), the current trader ticked and highlighted.
  const current = (await picker.innerText()).split('\n')[0]!.trim();
  await picker.focus();
  await page.keyboard.press('ArrowDown');
  const search = page.getByRole('combobox', { name: 'Search traders' });
  await expect(search).toBeFocused();
  const options = page.getByRole('listbox', { name: 'Trader' }).getByRole('option');
  await expect(options).toHaveCount(DESK.length);
  await expect(options.filter({ hasText: current })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/more: type to narrow/)).toHaveCount(0);
  await shot(page, 'risk-trader-picker-dark-1440');

  // Type to narrow, arrows to move, Enter to open that trader.
  await search.fill('a');
  await search.press('ArrowDown');
  const second = (await options.nth(1).innerText()).split('\n')[0]!.trim();
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(search).toHaveCount(0);
  await expect(picker).toBeFocused(); // focus comes back to the picker
  await expect(picker).toContainText(second);
  await expect(page).toHaveURL(/\/risk-team\/risk-trader\?trader=/);

  // A letter on the closed picker starts the search; Esc leaves the choice as it was.
  await pickFromKeyboard(page, picker, 'casey');
  await expect(picker).toContainText('Casey Ortiz');
  await picker.press('s');
  await expect(search).toHaveValue('s');
  await page.keyboard.press('Escape');
  await expect(search).toHaveCount(0);
  await expect(picker).toContainText('Casey Ortiz');
  await page.setViewportSize({ width: 390, height: 844 });
  await picker.press('ArrowDown');
  await shot(page, 'risk-trader-picker-dark-390');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The limit-override form picks its trader the same way.
  await page.goto('/risk-team/alerts');
  const overrides = page.getByRole('region', { name: 'Per-trader overrides' });
  await pickFromKeyboard(page, overrides.getByTestId('override-trader'), 'quinn');
  await expect(overrides.getByTestId('override-trader')).toContainText('Quinn Baker');
  await overrides.getByLabel('Value (×)').fill('9');
  await overrides.getByRole('button', { name: 'Set override' }).click();
  await expect(overrides.getByRole('listitem').filter({ hasText: 'Quinn Baker: Max leverage' })).toContainText('9');
  await setTheme(page, 'light');
  await overrides.getByTestId('override-trader').press('ArrowDown');
  await shot(page, 'risk-limits-picker-light-1440');
  await page.keyboard.press('Escape');
  await overrides.getByRole('button', { name: "Remove Quinn Baker's Max leverage override" }).click();
  await expect(overrides.getByRole('listitem').filter({ hasText: 'Quinn Baker' })).toHaveCount(0);
  await setTheme(page, 'dark');
});

test('a plain trader is sent from the risk-team pages to /', async ({ page }) => {
  await logInAndWait(page, TRADER.email);
  for (const [, path] of PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
});

test('the overview from the keyboard, and its error and empty states', async ({ page }) => {
  test.setTimeout(90_000);
  await logInAndWait(page, RISK.email);
  await page.goto('/risk-team');
  await expect(rows(page)).toHaveCount(DESK.length);

  // Sort from the keyboard: the header buttons are reachable and announce the order.
  const trader = page.getByRole('columnheader', { name: /Trader/ });
  await trader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(trader).toHaveAttribute('aria-sort', /ascending|descending/);
  // One tab stop for the rows (roving tabindex); arrows, Home and End move; Enter opens.
  await rows(page).first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows(page).nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows(page).nth(DESK.length - 1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(rows(page).first()).toBeFocused();
  await expect(page.getByTestId('risk-overview-table').locator('[role="row"][tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  const name = (await rows(page).nth(1).locator('[role="cell"]').first().locator('span span').first().textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/risk-team\/risk-trader\?trader=/);
  await expect(page.getByTestId('risk-trader-picker')).toContainText(name);

  // The server refuses: the error says what did not load and offers Retry, which recovers.
  let refuse = true;
  await page.route('**/api/rpc/getAllTradersLatestMetrics**', (route) =>
    refuse
      ? route.fulfill({
          status: 429,
          json: { json: { defined: false, code: 'TOO_MANY_REQUESTS', status: 429, message: 'Slow down' }, meta: [] },
        })
      : route.fallback(),
  );
  await page.goto('/risk-team');
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the traders’ metrics' });
  await expect(alert).toBeVisible();
  await shot(page, 'risk-overview-error');
  refuse = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(rows(page)).toHaveCount(DESK.length);

  // No traders at all: an empty state that says how to get some.
  await page.unroute('**/api/rpc/getAllTradersLatestMetrics**');
  await page.route('**/api/rpc/getAllTradersLatestMetrics**', (route) =>
    route.fulfill({
      json: {
        json: {
          ts: Date.now(),
          firm: { equity: 0, dayPnl: 0, upnl: 0, notional: 0, leverage: null, lastUpdate: null },
          traders: [],
        },
        meta: [],
      },
    }),
  );
  await page.goto('/risk-team');
  await expect(page.getByText('No traders yet')).toBeVisible();
  await shot(page, 'risk-overview-empty');
});
