import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, logInAndWait, setTheme, shot } from './fixtures';

/** A seeded desk trader (scripts/seed-accounts.mjs): granted admin here, then set back. */
const DESK_TRADER = { email: 'sam.novak@example.com', name: 'Sam Novak' };

/** The table's box: it never scrolls up and down itself (the page does), whatever the width. */
async function expectNoInnerScroll(table: Locator) {
  const box = table.locator('xpath=..');
  const { scrollHeight, clientHeight } = await box.evaluate((el) => ({
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }));
  expect(scrollHeight).toBeLessThanOrEqual(clientHeight + 1);
}

/** Nothing pushes the page wider than the screen (a wide table scrolls in its own box). */
async function expectNoSidewaysPage(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Brings the last row on screen: with no scroll box of its own, that is the page scrolling. */
async function expectLastRowReachable(table: Locator) {
  await expectNoInnerScroll(table);
  const last = table.locator('tbody tr').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  expect(await table.locator('xpath=..').evaluate((el) => el.scrollTop)).toBe(0);
}

test('granting an admin role asks first, as taking it away does', async ({ page }) => {
  await logInAndWait(page, ADMIN.email);
  await page.goto(`/admin?search=${encodeURIComponent(DESK_TRADER.email)}`);
  const role = page.getByTestId(`role-${DESK_TRADER.email}`);
  await expect(role).toHaveValue('user');

  // Cancel: nothing changes.
  await role.selectOption('admin');
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`Make ${DESK_TRADER.name} an admin?`);
  await expect(confirm).toContainText('They reach the admin pages');
  await shot(page, 'admin-grant-confirm-dark');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused(); // Radix AlertDialog: the safe choice first
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(role).toHaveValue('user');

  // Confirm: granted. Setting it back is a demotion, which asks too.
  await role.selectOption('admin');
  await confirm.getByRole('button', { name: 'Make admin' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `Role set to Admin: ${DESK_TRADER.email}` })).toBeVisible();
  await expect(role).toHaveValue('admin');
  await role.selectOption('user');
  await expect(confirm).toContainText(`Change ${DESK_TRADER.name} to User?`);
  await confirm.getByRole('button', { name: 'Change role' }).click();
  await expect(role).toHaveValue('user');
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`every user row and mapping row is reachable by scrolling the page, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await logInAndWait(page, ADMIN.email);
    await page.goto('/admin');
    const users = page.getByTestId('users-table');
    await expect(users.locator('tbody tr')).not.toHaveCount(0);
    // Wide: the header sticks under the nav bar as the page scrolls; narrow: the table scrolls sideways in its box.
    await expect(users.locator('xpath=..')).toHaveAttribute('data-page-scroll', width > 800 ? 'sticky' : 'sideways');
    await expectLastRowReachable(users);
    await expectNoSidewaysPage(page);
    if (width > 800) {
      // Scrolled well past the table's top: its header sits under the nav bar (48 px + a 1 px border).
      await page.evaluate(() => window.scrollTo(0, 600));
      const header = await users.locator('thead').boundingBox();
      expect(header!.y).toBeGreaterThanOrEqual(48);
      expect(header!.y).toBeLessThanOrEqual(50);
      await expect(users.locator('thead')).toBeInViewport();
    }
    await shot(page, `admin-users-scrolled-dark-${width}`);
    await setTheme(page, 'light');
    await page.mouse.wheel(0, 20_000);
    await shot(page, `admin-users-scrolled-light-${width}`);

    await page.goto('/news/settings/mappings');
    const special = page.getByTestId('special-table');
    await expect(special.locator('tbody tr')).not.toHaveCount(0);
    await expectLastRowReachable(special);
    await expectLastRowReachable(page.getByTestId('banned-table'));
    await expectNoSidewaysPage(page);
    await expect(special.locator('xpath=..')).toHaveAttribute('data-page-scroll', width > 800 ? 'sticky' : 'sideways');
    await shot(page, `news-mappings-scrolled-light-${width}`);
    await setTheme(page, 'dark');
  });
}
