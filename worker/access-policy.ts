import type { AccessLevel } from './auth/access';
import type { Contract } from './rpc/contract';
import type { serverFns } from './server-fns/registry';

/**
 * Every RPC procedure and server function with the access level it must enforce (SPEC.md §6).
 * The access-matrix tests are generated from this table, and a test fails when the router or the
 * server-function registry has an entry missing here.
 */
export const RPC_ACCESS = {
  getCurrentUser: 'authed',
  listUsers: 'admin',
  updateUser: 'admin',
  getUserAccounts: 'approved',
  getUserAccountStats: 'approved',
  getAccountHistory: 'approved',
  streamAccount: 'approved',
  getDashboardPrefs: 'approved',
  updateDashboardPrefs: 'approved',
  listExchangeAccounts: 'admin',
  syncExchangeAccounts: 'admin',
  addExchangeAccount: 'admin',
  setAccountAssignment: 'admin',
  listAlertRules: 'approved',
  createAlertRule: 'approved',
  updateAlertRule: 'approved',
  deleteAlertRule: 'approved',
  listAlertEvents: 'approved',
  acknowledgeAlertEvent: 'approved',
  streamAlerts: 'approved',
  getHistoricalNews: 'approved',
  streamNews: 'approved',
  postManualNews: 'admin',
} as const satisfies Record<keyof Contract, AccessLevel>;

export const SERVER_FN_ACCESS: Record<keyof typeof serverFns, AccessLevel> = {
  getUser: 'public',
  signOut: 'public',
};
