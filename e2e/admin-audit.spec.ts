import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, openAs, shot } from './fixtures';

/** An RPC call from the signed-in page (same origin, its cookies). */
function rpcFromPage(page: Page, name: string, input: unknown, method: 'GET' | 'POST' = 'POST') {
  return page.evaluate(
    async ({ name, input, method }) => {
      const data = encodeURIComponent(JSON.stringify({ json: input }));
      const res =
        method === 'GET'
          ? await fetch(`/api/rpc/${name}?data=${data}`)
          : await fetch(`/api/rpc/${name}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ json: input }),
            });
      return { status: res.status, body: (await res.json()) as { json: unknown } };
    },
    { name, input, method },
  );
}

async function userId(page: Page, email: string) {
  const { body } = await rpcFromPage(page, 'listUsers', { search: email, status: 'all', page: 1, pageSize: 5 }, 'GET');
  return (body.json as { items: { id: string; email: string }[] }).items.find((u) => u.email === email)!.id;
}

test('/admin/audit: the trail in a virtualized table, filtered, live, exported as CSV; the risk trader page shows the trading part', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openAs(page, ADMIN.email, '/admin/audit');
  const table = page.getByRole('table', { name: 'Audit trail' });
  await expect(table).toBeVisible();
  // The admin's own sign-in is there.
  await expect(table.getByRole('row').filter({ hasText: 'Sign-in' }).first()).toBeVisible();
  await shot(page, 'admin-audit');

  // Filter by action.
  await page.getByLabel('Action').selectOption({ label: 'Trading switch' });
  const desk = await userId(page, 'morgan.hale@example.com');
  // Live: a change made elsewhere shows up without a reload (the demo admin is on the risk team).
  expect((await rpcFromPage(page, 'setTradingEnabled', { traderId: desk, enabled: true, reason: 'e2e audit' })).status).toBe(200);
  const row = table.getByRole('row').filter({ hasText: 'morgan.hale@example.com' }).first();
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row).toContainText('enabled: true');
  await expect(row).toContainText('done');
  await expect(table.getByRole('row').filter({ hasText: 'Sign-in' })).toHaveCount(0);

  // The entry in full.
  await row.click();
  await expect(page.getByTestId('audit-entry')).toContainText('Trading switch');
  await page.keyboard.press('Escape');

  // CSV of what the filters show.
  const download = page.waitForEvent('download');
  await page.getByTestId('audit-export').click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'id,time (UTC),actor,actor id,session,ip,action,target type,target,target label,before,after,result,reason',
  );
  expect(lines.slice(1).every((l) => l.includes(',trading.switch,'))).toBe(true);

  // The risk team sees the trading part of it on the risk trader page.
  await page.goto(`/risk-team/risk-trader?trader=${desk}`);
  const trading = page.getByTestId('trading-audit');
  await expect(trading).toBeVisible({ timeout: 20_000 });
  await expect(trading.getByRole('row').filter({ hasText: 'Trading switch' }).first()).toContainText(ADMIN.email);
  await shot(page, 'risk-trader-trading-audit');
});
