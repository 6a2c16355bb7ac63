import { expect, test, type Page } from '@playwright/test';
import { ADMIN, TRADER, asUser, logInAndWait, pickFromKeyboard, setTheme, shot } from './fixtures';

const row = (page: Page, title: string) => page.getByRole('listitem', { name: title, exact: true });

async function openTodo(page: Page) {
  await page.goto('/admin/todo');
  await expect(page.getByRole('heading', { name: 'Todo List' })).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveText('Live');
}

test('an admin adds, edits in place, completes and deletes an item; another admin sees each change live', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await logInAndWait(page, ADMIN.email);
  await openTodo(page);
  const other = await asUser(browser, ADMIN.email);
  await openTodo(other.page);
  const title = `Rotate API keys ${Date.now().toString(36)}`;

  // n opens the new-item form.
  await page.locator('body').press('n');
  const editor = page.getByTestId('todo-editor-new');
  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('Notes').fill('Binance first.\nThen the simulated exchange.');
  // The assignee is a searchable picker (a firm has ~500 people), used from the keyboard.
  await pickFromKeyboard(page, editor.getByTestId('todo-assignee'), 'taylor');
  await expect(editor.getByTestId('todo-assignee')).toContainText(TRADER.name);
  await expect(editor).toBeVisible(); // Enter in the picker picked; it did not save the form
  await editor.getByLabel('Due date').fill('2020-01-15');
  await editor.getByLabel('Priority').selectOption('urgent');
  await editor.getByTestId('todo-save').click();
  await expect(editor).toBeHidden();

  for (const p of [page, other.page]) {
    const item = row(p, title);
    await expect(item).toBeVisible();
    await expect(item.getByTestId('todo-assignee')).toHaveText(TRADER.name);
    await expect(item.getByTestId('todo-priority')).toHaveText('Urgent');
    await expect(item.getByTestId('todo-overdue')).toBeVisible();
  }
  await shot(page, 'admin-todo-dark');

  // The assignee filter is a searchable picker too: the trader's items, then the unassigned ones.
  const assigneeFilter = page.getByTestId('todo-filter-assignee');
  await pickFromKeyboard(page, assigneeFilter, 'taylor');
  await expect(assigneeFilter).toHaveAttribute('data-value', /.+/);
  await expect(row(page, title)).toBeVisible();
  await pickFromKeyboard(page, assigneeFilter, 'unassigned');
  await expect(row(page, title)).toBeHidden();
  await pickFromKeyboard(page, assigneeFilter, 'everyone');
  await expect(assigneeFilter).toHaveAttribute('data-value', 'all');
  await expect(row(page, title)).toBeVisible();

  // e edits the focused row in place; the other admin sees the new title.
  await row(page, title).focus();
  await page.keyboard.press('e');
  const rowEditor = page.locator('form[aria-label^="Edit"]');
  await rowEditor.getByLabel('Title').fill(`${title} (all keys)`);
  await rowEditor.getByLabel('Priority').selectOption('high');
  await rowEditor.getByLabel('Title').press('Control+Enter');
  const edited = `${title} (all keys)`;
  await expect(row(page, edited).getByTestId('todo-priority')).toHaveText('High');
  await expect(row(other.page, edited).getByTestId('todo-priority')).toHaveText('High');

  // The other admin edits from the old copy after this change: refused, with the current item shown.
  await row(other.page, edited).getByTestId('todo-edit').click();
  const staleEditor = other.page.locator('form[aria-label^="Edit"]');
  await row(page, edited).focus();
  await page.keyboard.press('x'); // done, from the first browser
  await expect(row(page, edited)).toBeHidden(); // the Open filter hides done items
  await staleEditor.getByLabel('Title').fill(`${edited} v2`);
  await staleEditor.getByTestId('todo-save').click();
  const conflict = other.page.getByTestId('todo-conflict');
  await expect(conflict).toContainText('Someone else saved this item');
  await expect(conflict.getByTestId('todo-conflict-title')).toHaveText(edited);
  await expect(conflict).toContainText('Done');
  await shot(other.page, 'admin-todo-conflict');
  await conflict.getByTestId('todo-conflict-use-current').click();
  await staleEditor.getByRole('button', { name: 'Cancel' }).click();

  // Completed: visible under Done in both browsers, no longer overdue.
  for (const p of [page, other.page]) {
    await p.getByTestId('todo-filter-status').selectOption('done');
    await expect(row(p, edited).getByTestId('todo-done')).toBeChecked();
    await expect(row(p, edited).getByTestId('todo-overdue')).toBeHidden();
  }

  // Delete asks first, then the item leaves both lists.
  await row(page, edited).getByTestId('todo-delete').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(edited);
  await page.getByTestId('confirm-action').click();
  await expect(row(page, edited)).toBeHidden();
  await expect(row(other.page, edited)).toBeHidden();
  await other.close();
});

test('the todo list in the light theme; a trader is sent to /', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await logInAndWait(page, ADMIN.email);
  await openTodo(page);
  await page.getByTestId('todo-new').click();
  await page.getByTestId('todo-editor-new').getByLabel('Title').fill('Check the light theme');
  await page.getByTestId('todo-editor-new').getByLabel('Due date').fill('2099-06-30');
  await page.getByTestId('todo-save').click();
  await expect(row(page, 'Check the light theme')).toBeVisible();
  await setTheme(page, 'light');
  await expect(row(page, 'Check the light theme')).toBeVisible();
  await page.getByTestId('todo-new').click();
  await shot(page, 'admin-todo-light');

  const trader = await asUser(browser, TRADER.email);
  await trader.page.goto('/admin/todo');
  await expect(trader.page).toHaveURL(/\/$/);
  await trader.close();
});
