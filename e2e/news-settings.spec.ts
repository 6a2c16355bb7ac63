import { expect, test } from '@playwright/test';
import { ADMIN, TRADER, asUser, openAs, setTheme, shot, unique } from './fixtures';

/* News settings: general preferences, custom rules, mappings, Telegram chats (the feed: news-feed.spec.ts). */

test('settings: general preferences (shared with the dashboard), custom rule with a test, bulk mapping confirmation, Telegram chat', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // /news/settings redirects to custom rules.
  await openAs(page, ADMIN.email, '/news/settings');
  await expect(page).toHaveURL(/\/news\/settings\/custom-rules$/);

  // General: switch to 12-hour time and save.
  await page.goto('/news/settings/general');
  const form = page.getByTestId('general-settings-form');
  await expect(form).toBeVisible();
  await form.getByTestId('settings-time-12h').check();
  await form.getByTestId('settings-save').click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'News settings saved' })).toBeVisible();
  await expect(page.getByTestId('sources-section')).toBeVisible();
  await shot(page, 'news-settings-general-dark-1440');
  // The same form inside the dashboard shows the saved value.
  await page.goto('/dashboard/news_settings');
  await expect(page.getByTestId('settings-time-12h')).toBeChecked();
  await form.getByTestId('settings-time-24h').check();
  await page.getByTestId('settings-save').click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'News settings saved' }).first()).toBeVisible();

  // Custom rule: test against recent news, then create.
  await page.goto('/news/settings/custom-rules');
  await page.getByTestId('add-rule').click();
  const ruleDialog = page.getByTestId('rule-dialog');
  const ruleName = unique('E2E rule');
  await ruleDialog.getByTestId('rule-name').fill(ruleName);
  await ruleDialog.getByTestId('rule-text').fill('withdrawals');
  await ruleDialog.getByTestId('rule-test').click();
  await expect(ruleDialog.getByTestId('rule-preview')).toContainText(/\d+ of the \d+ most recent headlines match/);
  await ruleDialog.getByTestId('rule-submit').click();
  await expect(ruleDialog).toContainText('Add at least one action');
  await ruleDialog.getByTestId('rule-action-importance').selectOption('high');
  await shot(page, 'news-rule-dialog-dark-1440');
  await ruleDialog.getByTestId('rule-submit').click();
  await expect(ruleDialog).toHaveCount(0);
  const ruleRow = page.getByTestId('rules-table').getByRole('row').filter({ hasText: ruleName });
  await expect(ruleRow).toContainText('contains “withdrawals”');

  // Mappings: two special mappings, then "add a term to all" says how many will change.
  await page.goto('/news/settings/mappings');
  const term = unique('e2eterm');
  for (const [terms, symbol] of [
    [term, 'BTC'],
    [unique('e2eother'), 'ETH'],
  ] as const) {
    await page.getByTestId('add-special').click();
    const dialog = page.getByTestId('mapping-dialog');
    await dialog.getByTestId('mapping-terms').locator('input').fill(terms);
    await dialog.getByTestId('mapping-terms').locator('input').press('Enter');
    await dialog.getByTestId('mapping-symbols').locator('input').fill(symbol);
    await dialog.getByTestId('mapping-symbols').locator('input').press('Enter');
    await dialog.getByTestId('mapping-submit').click();
    await expect(dialog).toHaveCount(0);
    // Count only once the table has refetched and shows the new mapping.
    await expect(page.getByTestId('special-table').locator('tbody tr').filter({ hasText: terms }).first()).toBeVisible();
  }
  const specialCount = await page.getByTestId('special-table').locator('tbody tr').count();
  await page.getByTestId('bulk-term-special').click();
  await page.getByTestId('bulk-value').fill(term.toUpperCase());
  await page.getByTestId('bulk-next').click();
  const confirm = page.getByTestId('confirm-dialog');
  // Every special mapping but the one that already has the term (case-insensitive).
  const changes = specialCount - 1;
  await expect(confirm.getByTestId('bulk-summary')).toContainText(
    `${changes} special mapping${changes === 1 ? '' : 's'} will change`,
  );
  await shot(page, 'news-mappings-bulk-dark-1440');
  await confirm.getByTestId('confirm-action').click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `to ${changes} special mapping` })).toBeVisible();

  // Telegram chat: add one, with its symbols and minimum importance.
  await page.goto('/news/settings/telegram-chats');
  await page.getByTestId('add-chat').click();
  const chatDialog = page.getByTestId('chat-dialog');
  const chatId = `-100${Date.now()}`;
  await chatDialog.getByLabel('Title').fill('E2E desk');
  await chatDialog.getByLabel('Chat id').fill(chatId);
  await chatDialog.getByTestId('chat-min-importance').selectOption('critical');
  await chatDialog.getByTestId('chat-submit').click();
  await expect(chatDialog).toHaveCount(0);
  await expect(page.getByTestId(`chat-row-${chatId}`)).toContainText('E2E desk');
  // No bot token locally: the banner says sending is off, and the new chat's row agrees.
  await expect(page.getByTestId('telegram-status')).toHaveAttribute('data-sending', 'false');
  await expect(page.getByTestId(`chat-row-${chatId}`).getByTestId('chat-status')).toHaveAttribute('data-delivery', 'held');
  await expect(page.getByTestId('chats-table')).not.toContainText('Delivering');
  await setTheme(page, 'light');
  await expect(page.getByTestId(`chat-row-${chatId}`)).toBeVisible();
  await shot(page, 'news-telegram-light-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'news-telegram-light-390');
  await page.goto('/news/settings/mappings');
  await expect(page.getByTestId('special-table')).toBeVisible();
  await shot(page, 'news-mappings-light-390');
  await setTheme(page, 'dark');

  // A trader sees the shared configuration read-only: no edit controls.
  const trader = await asUser(browser, TRADER.email);
  await trader.page.goto('/news/settings/mappings');
  await expect(trader.page.getByTestId('special-table')).toBeVisible();
  await expect(trader.page.getByTestId('read-only-note')).toBeVisible();
  await expect(trader.page.getByTestId('add-special')).toHaveCount(0);
  await expect(trader.page.getByTestId('bulk-term-special')).toHaveCount(0);
  await expect(trader.page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await trader.page.goto('/news/settings/telegram-chats');
  await expect(trader.page.getByTestId(`chat-row-${chatId}`)).toBeVisible();
  await expect(trader.page.getByRole('switch', { name: 'Forward to E2E desk' })).toBeDisabled();
  await expect(trader.page.getByTestId('add-chat')).toHaveCount(0);
  await trader.page.goto('/news/settings/general');
  await expect(trader.page.getByTestId('general-settings-form')).toBeVisible();
  await expect(trader.page.getByTestId('sources-section').getByRole('heading', { name: 'Sources' })).toBeVisible();
  await expect(trader.page.getByTestId('add-source')).toHaveCount(0);
  await trader.page.setViewportSize({ width: 390, height: 844 });
  await shot(trader.page, 'news-settings-general-trader-dark-390');
  await trader.close();
});
