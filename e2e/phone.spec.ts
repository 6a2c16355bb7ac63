import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, logInAndWait, openTerminal, publishHeadline, shot } from './fixtures';

/** A phone (390 × 844). Every route in both themes, screenshots looked at; no horizontal scroll. */
const PHONE = { width: 390, height: 844 };

/** Every route of docs/PRODUCT-RULES.md §3 (the admin has every access: superadmin, risk team, terminal). */
const SIGNED_IN_ROUTES = [
  '/',
  '/dashboard',
  '/dashboard/charts',
  '/dashboard/live-data',
  '/dashboard/alerts',
  '/dashboard/news_settings',
  '/news/feed',
  '/news/settings/general',
  '/news/settings/custom-rules',
  '/news/settings/mappings',
  '/news/settings/telegram-chats',
  '/risk-team',
  '/risk-team/risk-trader',
  '/risk-team/charts',
  '/risk-team/metrics',
  '/risk-team/analysis',
  '/risk-team/alerts',
  '/admin',
  '/admin/assignments',
  '/admin/todo',
  '/admin/api-docs',
  '/terminal',
];
const ANONYMOUS_ROUTES = ['/', '/login', '/signup', '/no/such/page'];

const nameOf = (path: string) => (path === '/' ? 'home' : path.slice(1).replace(/\//g, '-'));

/** A control a finger can hit: 40 px high at least (polled: popovers and sheets open with an animation). */
async function expectTouchTarget(control: Locator) {
  const name = (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '';
  await expect
    .poll(async () => (await control.boundingBox())?.height ?? 0, { message: `${name} is under 40 px` })
    .toBeGreaterThanOrEqual(40);
}

/** The page is no wider than the screen: nothing scrolls sideways. */
async function expectNoSideScroll(page: Page, path: string) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, `${path} scrolls sideways (${scroll} px content in ${width} px)`).toBeLessThanOrEqual(width);
}

/**
 * Waits until the page has drawn its content: nothing marked busy (skeletons), then a moment for
 * charts to lay out. (Never "network idle": live streams keep a signed-in page busy for good.)
 */
async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 8_000 });
  await page.waitForTimeout(400);
}

for (const theme of ['dark', 'light'] as const) {
  test.describe(`phone, ${theme}`, () => {
    test.use({ viewport: PHONE, colorScheme: theme, hasTouch: true, isMobile: true });

    test(`every signed-in route at 390 px (${theme})`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await logInAndWait(page, ADMIN.email);
      for (const path of SIGNED_IN_ROUTES) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveClass(new RegExp(theme));
        if (path === '/terminal') await expect(page.getByTestId('headline').first()).toBeVisible();
        else if (path === '/admin/api-docs')
          await expect(page.getByTestId('api-reference').getByText('Meridian RPC API').first()).toBeVisible({ timeout: 20_000 });
        else await expect(page.getByRole('heading').first()).toBeVisible();
        await settle(page);
        await expectNoSideScroll(page, path);
        await shot(page, `phone-${nameOf(path)}-${theme}`);
      }
    });

    test(`anonymous routes at 390 px (${theme})`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      for (const path of ANONYMOUS_ROUTES) {
        await page.goto(path);
        await expect(page.getByRole('heading').first()).toBeVisible();
        await settle(page);
        await expectNoSideScroll(page, path);
        await shot(page, `phone-anon-${nameOf(path)}-${theme}`);
      }
    });
  });
}

test.describe('the terminal on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('list full width, the selected headline with chart and order panel in a sheet, 40 px targets', async ({ page }) => {
    test.setTimeout(90_000);
    await openTerminal(page);
    const title = `Phone e2e ${Date.now()}: ether staking upgrade`;
    await publishHeadline(page, { title, symbols: ['ETH'], importance: 'high' });
    const row = page.getByTestId('headline').filter({ hasText: title });
    await expect(row).toBeVisible();

    // The list takes the whole width (it was squeezed to ~35 px).
    const list = await page.getByTestId('headline-list').boundingBox();
    expect(list!.width).toBeGreaterThan(380);
    await expectNoSideScroll(page, '/terminal');

    // Every control of the toolbar is a 40 px target.
    const toolbar = page.getByTestId('terminal-toolbar');
    for (const control of await toolbar.locator('button, input, a').all()) await expectTouchTarget(control);
    // Filters and the menu hold what the desktop bar shows in a row.
    await page.getByTestId('filters-button').tap();
    await expect(page.getByTestId('importance-toggle-critical')).toBeVisible();
    for (const control of await page.getByRole('dialog', { name: 'Filters' }).locator('button, input').all())
      await expectTouchTarget(control);
    await page.waitForTimeout(250); // the popover's opening animation
    await shot(page, 'phone-terminal-filters');
    await page.keyboard.press('Escape');
    await page.getByTestId('terminal-menu').tap();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Sound' })).toBeVisible();
    await page.waitForTimeout(250); // the menu's opening animation
    await shot(page, 'phone-terminal-menu');
    await page.keyboard.press('Escape');

    // A tap opens the headline in a sheet: its text, prices, and the order panel; Chart shows the chart.
    await row.tap();
    const sheet = page.getByTestId('headline-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('detail-title')).toHaveText(title);
    await expect(sheet.getByTestId('order-panel')).toBeVisible();
    await expect(sheet.getByTestId('order-symbol')).toHaveText('ETHUSDT');
    await sheet.getByTestId('sheet-chart-toggle').tap();
    await expect(sheet.getByTestId('chart-panel')).toHaveAttribute('data-symbol', 'ETH');
    await expect(sheet.getByTestId('chart-panel').getByText('Loading candles…')).toHaveCount(0);
    await expectNoSideScroll(page, '/terminal (sheet)');
    await shot(page, 'phone-terminal-sheet');
    // The sheet's controls are 40 px targets too: close, chart, the order panel's.
    for (const control of [
      sheet.getByTestId('sheet-close'),
      sheet.getByTestId('sheet-chart-toggle'),
      ...(await sheet.getByTestId('order-panel').locator('button:visible, select:visible').all()),
    ])
      await expectTouchTarget(control);
    await sheet.getByTestId('sheet-close').tap();
    await expect(sheet).toHaveCount(0);
    await expect(row).toHaveAttribute('aria-selected', 'true');
  });
});

test('the terminal at 1440 px keeps its two columns and its one-row toolbar', async ({ page }) => {
  await logInAndWait(page, ADMIN.email);
  await page.goto('/terminal');
  await expect(page.getByTestId('terminal-loading')).toHaveCount(0);
  const toolbar = await page.getByTestId('terminal-toolbar').boundingBox();
  expect(toolbar!.height).toBeLessThanOrEqual(48);
  const list = await page.getByTestId('headline-list').boundingBox();
  expect(list!.width).toBeGreaterThan(700);
  expect(list!.width).toBeLessThan(1000);
  await expectNoSideScroll(page, '/terminal');
  await page.keyboard.press('j');
  await shot(page, 'desktop-terminal-1440');
});
