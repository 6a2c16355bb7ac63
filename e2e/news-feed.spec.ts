import { expect, test, type Page } from '@playwright/test';
import { ADMIN, TRADER, asUser, logInAndWait, openAs, setTheme, shot, unique } from './fixtures';

/*
 * The news feed and news settings. Nothing here depends on seeded news: the headlines the tests
 * need are posted by hand (admin), with unique titles so reruns never hit the duplicate check.
 */

/** Posts a headline through the feed's "Post headline" dialog (admins). */
async function postHeadline(
  page: Page,
  { title, symbols, importance }: { title: string; symbols: string[]; importance: string },
) {
  await page.getByTestId('post-headline').click();
  const dialog = page.getByTestId('post-headline-dialog');
  await dialog.getByLabel('Headline', { exact: true }).fill(title);
  const symbolInput = dialog.getByTestId('post-symbols').locator('input');
  for (const symbol of symbols) {
    await symbolInput.fill(symbol);
    await symbolInput.press('Enter');
  }
  await dialog.getByTestId('post-importance').selectOption(importance);
  await dialog.getByTestId('post-submit').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Headline posted' }).first()).toBeVisible();
}

test('an admin posts a headline; the trader’s open feed shows it live with its symbols and importance', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await openAs(page, TRADER.email, '/news/feed');
  await expect(page.getByRole('heading', { name: 'News Feed' })).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  // Traders read the feed; only admins post.
  await expect(page.getByTestId('post-headline')).toHaveCount(0);

  const admin = await asUser(browser, ADMIN.email);
  await admin.page.goto('/news/feed');
  await expect(admin.page.getByTestId('live-status')).toHaveText('Live');
  const title = unique('E2E: exchange halts ETH and SOL withdrawals');
  await postHeadline(admin.page, { title, symbols: ['eth', '$sol'], importance: 'critical' });

  // No reload: the row arrives on the trader's stream.
  const row = page.getByTestId('news-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-importance', 'critical');
  await expect(row.getByTestId('importance-badge')).toHaveText(/Critical/);
  await expect(row.getByTestId('symbol-chips')).toContainText('ETH');
  await expect(row.getByTestId('symbol-chips')).toContainText('SOL');
  await expect(row.getByTestId('news-source')).toContainText('Manual');
  await expect(row.getByTestId('news-latency')).toHaveText(/^[+−]\d/);
  await expect(row.getByTestId('news-age')).toHaveAttribute('title', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await shot(page, 'news-feed-live-dark-1440');
  await shot(admin.page, 'news-feed-admin-dark-1440');

  // A symbol chip narrows the feed to that symbol (URL), and the row still matches.
  await row.getByRole('button', { name: 'ETH' }).click();
  await expect(page).toHaveURL(/symbols=/);
  await expect(page.getByTestId('news-row').filter({ hasText: title })).toBeVisible();

  await setTheme(page, 'light');
  await expect(page.getByTestId('news-row').filter({ hasText: title })).toBeVisible();
  await shot(page, 'news-feed-light-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'news-feed-light-390');
  await setTheme(page, 'dark');
  await expect(page.getByTestId('news-row').filter({ hasText: title })).toBeVisible();
  await shot(page, 'news-feed-dark-390');
  await admin.close();
});

test('feed filters change the URL and survive a reload; an empty result offers to clear them', async ({ page }) => {
  await openAs(page, TRADER.email, '/news/feed');
  await expect(page.getByTestId('feed-toolbar')).toBeVisible();

  await page.getByTestId('importance-high').click();
  await page.getByTestId('importance-critical').click();
  const symbols = page.getByTestId('symbols-filter').locator('input');
  await symbols.fill('btc');
  await symbols.press('Enter');
  const nothing = unique('nomatch');
  await page.getByTestId('news-search').fill(nothing);
  await page.getByTestId('one-pct-filter').click();
  await page.getByTestId('news-sort').selectOption('importance:desc');
  await expect(page).toHaveURL(new RegExp(`search=${nothing.replace(' ', '(\\+|%20)')}`));

  const params = new URL(page.url()).searchParams;
  expect(JSON.parse(params.get('importance') ?? 'null')).toEqual(['critical', 'high']);
  expect(JSON.parse(params.get('symbols') ?? 'null')).toEqual(['BTC']);
  expect(params.get('onePctMovement')).toBe('true');
  expect(params.get('sortBy')).toBe('importance');
  // Defaults stay out of the address bar.
  expect(params.has('limit')).toBe(false);
  expect(params.has('sortOrder')).toBe(false);

  await page.reload();
  await expect(page.getByTestId('importance-high')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('importance-critical')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('importance-low')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('symbols-filter').getByTestId('tag')).toHaveText(['BTC']);
  await expect(page.getByTestId('news-search')).toHaveValue(nothing);
  await expect(page.getByTestId('one-pct-filter')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('news-sort')).toHaveValue('importance:desc');

  const empty = page.getByTestId('news-empty');
  await expect(empty).toContainText('No news matches these filters');
  await shot(page, 'news-feed-empty-dark-1440');
  await empty.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/importance=|symbols=|search=|onePctMovement=/);
  await expect(page.getByTestId('news-search')).toHaveValue('');
  // The sort is not a filter: it stays.
  await expect(page).toHaveURL(/sortBy=importance/);
});

test('the feed has its own error page; Try Again recovers', async ({ page }) => {
  await logInAndWait(page, TRADER.email);
  await page.route('**/api/rpc/getHistoricalNews**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        json: { defined: false, code: 'SERVICE_UNAVAILABLE', status: 503, message: 'Feed store unavailable' },
      }),
    }),
  );
  await page.goto('/news/feed');
  // Server failures are retried (1 s, 2 s, 4 s) before the page gives up.
  const error = page.getByTestId('news-feed-error');
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error).toContainText('Something went wrong!');
  await error.getByRole('button', { name: 'Show Error' }).click();
  await expect(error.getByTestId('error-message')).toHaveText('Feed store unavailable');
  await shot(page, 'news-feed-error-dark-1440');
  await page.unroute('**/api/rpc/getHistoricalNews**');
  await error.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByTestId('feed-toolbar')).toBeVisible();
  await expect(error).toHaveCount(0);
});

test('older pages follow the server cursor: 450 headlines of one millisecond, none lost or repeated', async ({ page }) => {
  test.setTimeout(60_000);
  // A stand-in feed server (the real one is covered by worker tests): 450 items sharing one
  // timestamp, paged by the (ts, id) cursor the client must pass back.
  const ts = Date.now() - 3_600_000;
  const items = Array.from({ length: 450 }, (_, i) => ({
    id: 9_000_450 - i,
    ts,
    receivedAt: ts + 500,
    sourceId: 'manual',
    sourceKind: 'manual',
    author: null,
    title: `Pagingcheck headline ${450 - i}`,
    body: null,
    url: null,
    symbols: [],
    importance: 'low',
    isGarbage: false,
    isTest: false,
    onePctMovement: false,
    metadata: {},
  }));
  const cursors: (string | undefined)[] = [];
  await page.route('**/api/rpc/getHistoricalNews**', (route) => {
    const request = route.request();
    const raw = new URL(request.url()).searchParams.get('data') ?? request.postData() ?? '{}';
    const input = ((JSON.parse(raw) as { json?: { limit?: number; cursor?: string } }).json ?? {}) as {
      limit?: number;
      cursor?: string;
    };
    cursors.push(input.cursor);
    const limit = Number(input.limit ?? 200);
    const start = input.cursor ? items.findIndex((item) => `${item.ts}.${item.id}` === input.cursor) + 1 : 0;
    const slice = items.slice(start, start + limit);
    const nextCursor = slice.length === limit ? `${ts}.${slice.at(-1)!.id}` : null;
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ json: { items: slice, nextCursor } }),
    });
  });
  await logInAndWait(page, TRADER.email);
  // The search keeps live headlines from elsewhere out of the count.
  await page.goto('/news/feed?search=pagingcheck');
  const rows = page.getByTestId('news-row');
  await expect(rows.first()).toContainText('Pagingcheck headline 450');
  const scroll = page.getByTestId('news-scroll');
  // Infinite scroll: keep going to the end until the list knows its size (no more pages).
  await expect(async () => {
    await scroll.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(rows.first()).toHaveAttribute('aria-setsize', '450', { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await scroll.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(rows.last()).toContainText('Pagingcheck headline 1');
  await expect(rows.last()).toHaveAttribute('aria-posinset', '450');
  expect(cursors.filter(Boolean)).toEqual([`${ts}.${9_000_251}`, `${ts}.${9_000_051}`]);
  await page.unroute('**/api/rpc/getHistoricalNews**');
});

test('keyboard first: ? opens the shortcuts overlay, / focuses search, j/k move between headlines', async ({ page }) => {
  test.setTimeout(60_000);
  await openAs(page, ADMIN.email, '/news/feed');
  await expect(page.getByTestId('live-status')).toHaveText('Live');
  const first = unique('E2E keyboard: first headline');
  const second = unique('E2E keyboard: second headline');
  await postHeadline(page, { title: first, symbols: ['BTC'], importance: 'high' });
  await postHeadline(page, { title: second, symbols: ['ETH'], importance: 'low' });
  await expect(page.getByTestId('news-row').filter({ hasText: second })).toBeVisible();

  await page.keyboard.press('?');
  const overlay = page.getByTestId('shortcuts-dialog');
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expect(overlay).toContainText('Next headline');
  await shot(page, 'news-shortcuts-dark-1440');
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);

  // Newest first: j lands on the newest row, the next j moves down, k back up.
  const focusedTitle = () => page.locator('[data-testid="news-row"]:focus [data-testid="news-title"]');
  await page.keyboard.press('j');
  await expect(focusedTitle()).toHaveText(second);
  await page.keyboard.press('j');
  await expect(focusedTitle()).toHaveText(first);
  await page.keyboard.press('k');
  await expect(focusedTitle()).toHaveText(second);

  await page.keyboard.press('/');
  await expect(page.getByTestId('news-search')).toBeFocused();
  // Typing in a field never triggers shortcuts.
  await page.keyboard.type('j?');
  await expect(page.getByTestId('news-search')).toHaveValue('j?');
  await expect(overlay).toHaveCount(0);
});
