import { readAccountStats } from '../../domains/accounts/account-stats';
import { accountForCaller, listAccountsFor } from '../../domains/accounts/account-access';
import { readDashboardPrefs, saveDashboardPrefs } from '../../domains/accounts/dashboard-prefs';
import { readHistory } from '../../domains/accounts/history';
import {
  addAccount,
  listAccountsWithAssignments,
  setAssignment,
  syncAccountsFromExchange,
} from '../../domains/accounts/manage-accounts';
import type { LiveEvent } from '../../durable-objects/account-live';
import { readNdjson } from '../../durable-objects/ndjson-fanout';
import { adapterFor } from '../../exchanges/for-env';
import { admin, approved } from '../procedures';

export const accountsRouter = {
  getUserAccounts: approved.getUserAccounts.handler(({ context, input }) =>
    listAccountsFor(context.db, context.session, input.scope),
  ),

  getUserAccountStats: approved.getUserAccountStats.handler(async ({ context, input }) =>
    readAccountStats(context.db, await accountForCaller(context.db, context.session, input.email)),
  ),

  getAccountHistory: approved.getAccountHistory.handler(async ({ context, input }) => {
    const account = await accountForCaller(context.db, context.session, input.email);
    return { points: await readHistory(context.db, account.id, input.from, input.to) };
  }),

  // Access is checked before the stream starts, so a refusal is a real 403 rather than an error event.
  streamAccount: approved.streamAccount.handler(async ({ context, input, signal }) => {
    const account = await accountForCaller(context.db, context.session, input.email);
    const stub = context.env.ACCOUNT_LIVE.getByName(account.id);
    const params = new URLSearchParams({ id: account.id, email: account.email, exchange: account.exchange });
    const res = await stub.fetch(`https://account-live/subscribe?${params}`, { signal });
    if (!res.body) throw new Error('live hub answered without a body');
    return readNdjson<LiveEvent>(res.body);
  }),

  getDashboardPrefs: approved.getDashboardPrefs.handler(({ context }) => readDashboardPrefs(context.db, context.session.sub)),
  updateDashboardPrefs: approved.updateDashboardPrefs.handler(({ context, input }) =>
    saveDashboardPrefs(context.db, context.session.sub, input),
  ),

  listExchangeAccounts: admin.listExchangeAccounts.handler(({ context }) => listAccountsWithAssignments(context.db)),
  syncExchangeAccounts: admin.syncExchangeAccounts.handler(({ context, input }) =>
    syncAccountsFromExchange(context.db, input.exchange, adapterFor(context.env, input.exchange)),
  ),
  addExchangeAccount: admin.addExchangeAccount.handler(({ context, input }) => addAccount(context.db, input)),
  setAccountAssignment: admin.setAccountAssignment.handler(({ context, input }) => setAssignment(context.db, input)),
};
