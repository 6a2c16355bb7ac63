import { expect, test } from '@playwright/test';
import { ADMIN, TRADER, asUser, openAs, publishHeadline, unique } from './fixtures';

/*
 * In the browser: a news stream that drops comes back with the id of the last event it
 * saw (Last-Event-ID) and the hub replays exactly what was missed — every headline once, no
 * refetch of the feed.
 */

test('a dropped news stream resumes from its last event id: what was missed arrives once, with no refetch', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await openAs(page, TRADER.email, '/news/feed');
  const live = page.getByTestId('live-status');
  await expect(live).toHaveText('Live');

  const admin = await asUser(browser, ADMIN.email);
  // One headline while connected, so the stream has an event id to resume from.
  const before = unique('E2E resume: before the drop');
  await publishHeadline(admin.page, { title: before, symbols: ['BTC'], importance: 'high' });
  const rows = (title: string) => page.getByTestId('news-row').filter({ hasText: title });
  await expect(rows(before)).toHaveCount(1);

  const streamOpens: (string | undefined)[] = [];
  let feedRefetches = 0;
  page.on('request', (request) => {
    const url = request.url();
    if (url.includes('/api/rpc/streamNews')) streamOpens.push(request.headers()['last-event-id']);
    if (url.includes('/api/rpc/getHistoricalNews')) feedRefetches++;
  });

  // The network goes away: the page drops its streams and says so.
  await page.context().setOffline(true);
  await expect(live).toHaveText('Offline');
  const missed = [unique('E2E resume: missed one'), unique('E2E resume: missed two'), unique('E2E resume: missed three')];
  for (const title of missed) await publishHeadline(admin.page, { title, symbols: ['ETH'], importance: 'medium' });

  await page.context().setOffline(false);
  await expect(live).toHaveText('Live');
  for (const title of missed) await expect(rows(title)).toHaveCount(1);
  await expect(rows(before)).toHaveCount(1);
  // Newest first, in the order they were posted.
  const titles = await page.getByTestId('news-row').allTextContents();
  const at = (title: string) => titles.findIndex((t) => t.includes(title));
  expect(at(missed[2]!)).toBeLessThan(at(missed[1]!));
  expect(at(missed[1]!)).toBeLessThan(at(missed[0]!));
  expect(at(missed[0]!)).toBeLessThan(at(before));

  // The reconnection carried the last id it had seen, and the feed was not fetched again.
  expect(streamOpens.length).toBeGreaterThanOrEqual(1);
  expect(streamOpens[0]).toMatch(/\S/);
  expect(feedRefetches).toBe(0);

  // A headline after the resume still arrives live, once.
  const after = unique('E2E resume: after');
  await publishHeadline(admin.page, { title: after, symbols: ['SOL'], importance: 'high' });
  await expect(rows(after)).toHaveCount(1);
  await admin.close();
});
