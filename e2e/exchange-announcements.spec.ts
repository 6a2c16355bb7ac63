import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { FakeBybit } from '../worker/test/fakes/fake-announcements';
import { ADMIN, openAs } from './fixtures';

/**
 * Issue 29: an exchange's listing announcement, published by a local fake answering Bybit's
 * documented shape (`GET /v5/announcements/index`), reaches the feed and the terminal as a critical
 * headline tagged with the listed symbol, with its exchange. The app's BYBIT_BASE_URL points here
 * (playwright.config.ts: the app's port + 50).
 */
const FAKE_PORT = Number(process.env.E2E_PORT ?? 8788) + 50;
const bybit = new FakeBybit();
let server: Server;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    void bybit.fetch(`http://127.0.0.1:${FAKE_PORT}${req.url ?? '/'}`).then(async (answer) => {
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(FAKE_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('a listing announced by a fake Bybit shows in the feed and on the terminal as critical, tagged, with its exchange', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // An admin switches Bybit's announcements on (polled every 2 s by default).
  await openAs(page, ADMIN.email, '/news/settings/general');
  const toggle = page.getByTestId('exchange-enabled-bybit');
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect.poll(() => bybit.requests.length, { timeout: 20_000 }).toBeGreaterThan(0);

  const title = `Bybit Will List Zeta Chain (ZETA) Perpetual Contract ${Date.now().toString(36)}`;
  bybit.publish({ title, type: { title: 'New Listings', key: 'new_crypto' } });

  // The feed: one critical row, tagged ZETA, from Bybit.
  await page.goto('/news/feed');
  const row = page.getByTestId('news-row').filter({ hasText: title });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toHaveAttribute('data-importance', 'critical');
  await expect(row.getByTestId('symbol-chips')).toContainText('ZETA');
  await expect(row.getByTestId('news-source')).toContainText('Bybit');
  // The admin has the terminal flag, so the feed row prices its symbols too (ZETA: no market here).
  await expect(row.locator('[data-testid="price-chip"][data-symbol="ZETA"]')).toHaveCount(1);

  // The terminal: the same headline, critical, tagged, with its exchange.
  await page.goto('/terminal');
  await expect(page.getByTestId('terminal-loading')).toHaveCount(0);
  const headline = page.getByTestId('headline').filter({ hasText: title });
  await expect(headline).toHaveCount(1);
  await expect(headline).toHaveAttribute('data-importance', 'critical');
  await expect(headline.locator('[data-testid="price-chip"][data-symbol="ZETA"]')).toHaveCount(1);
  await expect(headline.getByTestId('headline-source')).toContainText('Bybit');
});
