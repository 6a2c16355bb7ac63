import { expect, test, type Page } from '@playwright/test';
import { ADMIN, logInAndWait, publishHeadline, setTheme, shot, unique } from './fixtures';

/** Opens a page and waits until its alert stream (which carries the live hits) is open. */
async function openWithAlerts(page: Page, path: string) {
  const stream = page.waitForResponse((r) => r.url().includes('/api/rpc/streamAlerts') && r.ok());
  await page.goto(path);
  await stream;
}

/** A word no other headline has, so only this test's headlines hit the list. */
const word = () => `zork${Date.now().toString(36)}`;

async function createList(page: Page, name: string, entry: string) {
  await page.getByTestId('new-watchlist').click();
  const dialog = page.getByTestId('watchlist-dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Words and phrases').fill(entry);
  await dialog.getByLabel('Words and phrases').press('Enter');
  await dialog.getByTestId('watchlist-color').selectOption('violet');
  await dialog.getByTestId('watchlist-submit').click();
  await expect(dialog).toHaveCount(0);
}

test('a trader keeps a watchlist: hits are marked in the feed and the terminal, toasted, filtered and listed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const key = word();
  const name = `Hacks ${key.slice(-4)}`;
  await logInAndWait(page, ADMIN.email);
  await page.goto('/news/watchlists');
  await expect(page.getByRole('heading', { name: 'Watchlists' })).toBeVisible();

  // The form refuses an empty list with the contract's own message, then saves.
  await page.getByTestId('new-watchlist').click();
  await page.getByTestId('watchlist-dialog').getByLabel('Name').fill(name);
  await page.getByTestId('watchlist-submit').click();
  await expect(page.getByTestId('watchlist-dialog')).toContainText('Add at least one symbol, word or pattern');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await createList(page, name, `${key} exploit`);
  const card = page.getByTestId('watchlist-card').filter({ hasText: name });
  await expect(card).toContainText(`“${key} exploit”`);

  // The feed: a headline with the phrase is marked with the list, and a toast says so.
  await openWithAlerts(page, '/news/feed');
  const title = unique(`Bridge ${key} exploit drains funds`);
  await publishHeadline(page, { title, symbols: ['ETH'], importance: 'high' });
  const row = page.getByTestId('news-row').filter({ hasText: title });
  await expect(row.getByTestId('watch-mark')).toHaveText(name);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: title })).toContainText(`Watchlist: ${name}`);
  // A headline without the whole phrase is not marked.
  const miss = unique(`${key} exploited? No`);
  await publishHeadline(page, { title: miss, symbols: [], importance: 'low' });
  await expect(page.getByTestId('news-row').filter({ hasText: miss })).toBeVisible();
  await expect(page.getByTestId('news-row').filter({ hasText: miss }).getByTestId('watch-mark')).toHaveCount(0);

  // "My watchlists" on the feed: a key (w) or the toggle; in the URL; the server pages hits only.
  const toggle = page.getByTestId('watch-only-filter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('w');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/watchOnly=true/);
  await expect(page.getByTestId('news-row').filter({ hasText: miss })).toHaveCount(0);
  await expect(page.getByTestId('news-row').filter({ hasText: title })).toBeVisible();
  for (const text of await page.getByTestId('news-row').allTextContents()) expect(text).toContain(name);
  const hits = await page.getByTestId('news-row').count();
  await expect(page.getByTestId('watch-only-count')).toContainText(String(hits));
  // A reload keeps it (the URL), and the first page comes from the server already filtered.
  const filtered = page.waitForResponse((r) => r.url().includes('/api/rpc/getHistoricalNews') && r.url().includes('watchOnly'));
  await page.reload();
  expect((await filtered).ok()).toBe(true);
  await expect(page.getByTestId('news-row').filter({ hasText: title })).toBeVisible();
  await expect(page.getByTestId('news-row').filter({ hasText: miss })).toHaveCount(0);
  await shot(page, 'news-watch-only-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('watch-only-filter')).toBeVisible();
  await shot(page, 'news-watch-only-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  // Off again from the keyboard (Space on the focused toggle): every headline is back.
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(page).not.toHaveURL(/watchOnly/);
  await expect(page.getByTestId('news-row').filter({ hasText: miss })).toBeVisible();

  // The terminal: marked, counted in the status bar, and "My watchlists" shows only hits.
  await openWithAlerts(page, '/terminal');
  await expect(page.getByTestId('terminal-loading')).toHaveCount(0);
  const live = unique(`Second ${key} exploit reported`);
  await publishHeadline(page, { title: live, symbols: ['SOL'], importance: 'critical' });
  const headline = page.getByTestId('headline').filter({ hasText: live });
  await expect(headline.getByTestId('watch-mark')).toHaveText(name);
  await expect(page.getByTestId('watch-hit-count')).toHaveText('1 watchlist hit');
  await page.getByTestId('watch-only-toggle').click();
  await expect(page.getByTestId('headline').filter({ hasText: miss })).toHaveCount(0);
  await expect(page.getByTestId('headline').filter({ hasText: title })).toBeVisible();
  await expect(page.getByTestId('headline').getByTestId('watch-mark').first()).toBeVisible();
  for (const text of await page.getByTestId('headline').allTextContents()) expect(text).toContain(name);

  // The list page shows the hits, newest first.
  await page.goto('/news/watchlists');
  await expect(page.getByTestId('watch-hit-row').first()).toContainText(live);
  await expect(page.getByTestId('watch-hit-row').nth(1)).toContainText(title);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'watchlists-1440-dark');
  await setTheme(page, 'light');
  await expect(page.getByTestId('watch-hit-row').first()).toContainText(live);
  await shot(page, 'watchlists-1440-light');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'watchlists-390-light');
  await setTheme(page, 'dark');

  // Deleting asks first; the marks go with the list.
  await page.setViewportSize({ width: 1440, height: 900 });
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
});
