import { readAccountStats } from '../../domains/accounts/account-stats';
import {
  accountForCallerFrom,
  accountForCallerQuery,
  accountIdOfEmail,
  listAccountsFor,
} from '../../domains/accounts/account-access';
import { readDashboardPrefs, saveDashboardPrefs } from '../../domains/accounts/dashboard-prefs';
import { historyFrom, historyQueries } from '../../domains/accounts/history';
import {
  addAccount,
  listAccountsWithAssignments,
  setAssignment,
  syncAccountsFromExchange,
} from '../../domains/accounts/manage-accounts';
import { batchReads } from '../../db/batch-reads';
import { adapterFor } from '../../wiring/exchanges';
import { riskGates } from '../../durable-objects/risk-gate';
import { admin, approved } from '../procedures';

export const accountsRouter = {
  getUserAccounts: approved.getUserAccounts.handler(({ context, input }) =>
    listAccountsFor(context.db, context.session, input.scope),
  ),

  getUserAccountStats: approved.getUserAccountStats.handler(async ({ context, input }) =>
    readAccountStats(context.db, context.session, input.email),
  ),

  getAccountHistory: approved.getAccountHistory.handler(async ({ context, input }) => {
    // One D1 call: the access check and the history, read through the email's account id together
    // (batchReads; the caller's fresh check rides along, check-rider.ts).
    const [accountRows, ...history] = await batchReads(context.db, [
      accountForCallerQuery(context.db, context.session, input.email),
      ...historyQueries(context.db, accountIdOfEmail(input.email), input.from, input.to),
    ]);
    accountForCallerFrom(accountRows, context.session);
    return { points: historyFrom(history) };
  }),

  // Access is checked before the stream starts, so a refusal is a real 403 rather than an error event.

  getDashboardPrefs: approved.getDashboardPrefs.handler(({ context }) => readDashboardPrefs(context.db, context.session.sub)),
  updateDashboardPrefs: approved.updateDashboardPrefs.handler(({ context, input }) =>
    saveDashboardPrefs(context.db, context.session.sub, input),
  ),

  listExchangeAccounts: admin.listExchangeAccounts.handler(({ context }) => listAccountsWithAssignments(context.db)),
  syncExchangeAccounts: admin.syncExchangeAccounts.handler(({ context, input }) =>
    syncAccountsFromExchange(context.db, input.exchange, adapterFor(context.env, input.exchange)),
  ),
  addExchangeAccount: admin.addExchangeAccount.handler(({ context, input }) => addAccount(context.db, input)),
  setAccountAssignment: admin.setAccountAssignment.handler(({ context, input }) => {
    Object.assign(context.auditNote!, { target: { type: 'account', id: input.accountId }, after: input });
    return setAssignment(context.db, input, riskGates(context.env.RISK_GATE));
  }),
};
