import type { AccessLevel } from './domains/auth/access';
import type { Contract } from './contract';
import type { ServerFnName } from './contract/server-fns';

/**
 * Every RPC procedure and server function with the access level it must enforce (docs/PRODUCT-RULES.md §3).
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
  createBannedMapping: 'admin',
  updateBannedMapping: 'admin',
  deleteBannedMapping: 'admin',
  addTermToAllBannedMappings: 'admin',
  createSpecialMapping: 'admin',
  updateSpecialMapping: 'admin',
  deleteSpecialMapping: 'admin',
  addTermToAllSpecialMappings: 'admin',
  addSymbolToAllSpecialMappings: 'admin',
  listTodoItems: 'admin',
  listTodoAssignees: 'admin',
  createTodoItem: 'admin',
  updateTodoItem: 'admin',
  deleteTodoItem: 'admin',
  streamTodo: 'admin',
  getAllTradersLatestMetrics: 'riskTeam',
  fetchAllTraderStats: 'riskTeam',
  getRiskTrader: 'riskTeam',
  getFirmHistory: 'riskTeam',
  getRiskExposure: 'riskTeam',
  getRiskLimits: 'riskTeam',
  setRiskLimit: 'riskTeam',
  listRiskBreaches: 'riskTeam',
  acknowledgeRiskBreach: 'riskTeam',
  streamRisk: 'riskTeam',
  // The terminal: approved users with can_use_terminal; the hub counters for admins.
  streamPrices: 'terminal',
  getPriceCandles: 'terminal',
  getMarketListing: 'terminal',
  getNewsSince: 'terminal',
  getPriceHubStats: 'admin',
  // Reliability: the admins' System status section.
  getSystemStatus: 'admin',
  // Order entry: the terminal flag, and the account must be assigned to the caller
  // (checked in domains/orders); your own orders for every approved user, any trader's for the
  // risk team; the trading-off switches for the risk team.
  placeOrder: 'terminal',
  previewOrder: 'terminal',
  listOrders: 'approved',
  cancelOrder: 'terminal',
  cancelAllOrders: 'terminal',
  protectPosition: 'terminal',
  moveProtection: 'terminal',
  listOpenOrders: 'approved',
  // What was earned: your own fills; another trader's for the risk team and admins (checked in the domain).
  getPerformance: 'approved',
  getFirmPerformance: 'riskTeam',
  listFills: 'approved',
  getTradingSwitches: 'riskTeam',
  setTradingEnabled: 'riskTeam',
  // Sub-account trading keys: admins set or clear them; nothing ever reads one back.
  setTradingKey: 'admin',
  clearTradingKey: 'admin',
  // Live orders: the same readers as listOrders (your own; any trader's for the risk team and admins).
  streamOrders: 'approved',
  // Second factors and sessions: every signed-in user manages their own (an unapproved one
  // too: nothing here reaches beyond the caller); admins end another user's sessions or reset their
  // factors after a lost device.
  getSecondFactors: 'authed',
  startTotpEnrolment: 'authed',
  confirmTotpEnrolment: 'authed',
  startPasskeyEnrolment: 'authed',
  finishPasskeyEnrolment: 'authed',
  removeSecondFactor: 'authed',
  regenerateRecoveryCodes: 'authed',
  listSessions: 'authed',
  endSession: 'authed',
  endOtherSessions: 'authed',
  endUserSessions: 'admin',
  resetUserSecondFactors: 'admin',
  // The audit trail: admins read and export all of it; the risk team the trading part.
  listAuditLog: 'admin',
  exportAuditLog: 'admin',
  listTradingAudit: 'riskTeam',
  // Personal watchlists: each user their own.
  listWatchlists: 'approved',
  saveWatchlist: 'approved',
  deleteWatchlist: 'approved',
  listWatchHits: 'approved',
  // Push notifications: each user their own devices and choices.
  getPushSettings: 'approved',
  subscribePushDevice: 'approved',
  removePushDevice: 'approved',
  sendTestPush: 'approved',
  savePushPreferences: 'approved',
  // News trades scored: your own; everyone's or one trader's for the risk team and admins (checked in the domain).
  listNewsTrades: 'approved',
} as const satisfies Record<keyof Contract, AccessLevel>;

/**
 * Step-up: these ask for the second factor again when this session last confirmed one
 * more than 5 minutes ago (domains/auth/second-factor/policy.ts) — trading keys, trading on or off,
 * limits, roles, flags and approval, and whatever changes the second factors themselves (a stolen
 * session must not add its own passkey or read fresh recovery codes).
 */
export const STEP_UP_PROCEDURES: ReadonlySet<keyof Contract> = new Set<keyof Contract>([
  'setTradingKey',
  'clearTradingKey',
  'setTradingEnabled',
  'setRiskLimit',
  'updateUser',
  'startTotpEnrolment',
  'startPasskeyEnrolment',
  'removeSecondFactor',
  'regenerateRecoveryCodes',
  'resetUserSecondFactors',
]);

export const SERVER_FN_ACCESS: Record<ServerFnName, AccessLevel> = {
  getUser: 'public',
  signOut: 'public',
  // News settings (docs/PRODUCT-RULES.md §7): every approved user reads all of it and edits their own general
  // settings; the shared configuration is changed by admins only.
  getNewsSettings: 'approved',
  updateNewsSettings: 'approved',
  getMappings: 'approved',
  getCustomRules: 'approved',
  createCustomRule: 'admin',
  updateCustomRule: 'admin',
  deleteCustomRule: 'admin',
  testCustomRule: 'approved',
  getSources: 'approved',
  createSource: 'admin',
  rotateTelegramSecret: 'admin',
  getTelegramChats: 'approved',
  getTelegramStatus: 'approved',
  createTelegramChat: 'admin',
  updateTelegramChat: 'admin',
  deleteTelegramChat: 'admin',
  getPerformanceThresholds: 'approved',
  createPerformanceThreshold: 'admin',
  deletePerformanceThreshold: 'admin',
  getTwitterHandles: 'approved',
  createTwitterHandle: 'admin',
  updateTwitterHandle: 'admin',
  deleteTwitterHandle: 'admin',
  getTwitterPollingSessions: 'approved',
  getXPollingBudget: 'approved',
  setExchangeSource: 'admin',
  setXStream: 'admin',
  createTwitterPollingSession: 'admin',
  updateTwitterPollingSession: 'admin',
  deleteTwitterPollingSession: 'admin',
};

/**
 * Writes whose first reads share a D1 round with the caller's fresh check (rpc/admit-alongside.ts).
 * Their D1 writes and Durable Object calls wait for the check, and so do the exchange venues'
 * orders and cancels (rpc/routers/orders.ts); what they send elsewhere does not, so a write is
 * listed only when it reaches no other exchange call or provider before its first held effect.
 * Every other write is checked in a round of its own first.
 */
export const WRITES_CHECKED_ALONGSIDE: ReadonlySet<keyof Contract> = new Set<keyof Contract>([
  // Not listed: syncExchangeAccounts and addExchangeAccount (they ask the exchange first).
  'updateUser',
  'updateDashboardPrefs',
  'setAccountAssignment',
  'createAlertRule',
  'updateAlertRule',
  'deleteAlertRule',
  'acknowledgeAlertEvent',
  'createBannedMapping',
  'updateBannedMapping',
  'deleteBannedMapping',
  'addTermToAllBannedMappings',
  'createSpecialMapping',
  'updateSpecialMapping',
  'deleteSpecialMapping',
  'addTermToAllSpecialMappings',
  'addSymbolToAllSpecialMappings',
  // The headline is stored and published (held) only after the check; before it, only reads: the
  // mark prices from the exchange (no effect there) and the author, the caller's name read by id.
  'postManualNews',
  'createTodoItem',
  'updateTodoItem',
  'deleteTodoItem',
  'setRiskLimit',
  'acknowledgeRiskBreach',
  // The order path: prices are read from the venue (no effect there); the gates are Durable
  // Objects (held) and the order is sent only after its row is written (held).
  'placeOrder',
  'protectPosition',
  'moveProtection',
  'previewOrder',
  // The venue's cancel is a request to the exchange: it waits for the check explicitly (the
  // venues' orders and cancels, rpc/routers/orders.ts; admit-alongside.ts holdEffects).
  'cancelOrder',
  'cancelAllOrders',
  'setTradingEnabled',
  'setTradingKey',
  'clearTradingKey',
  'startTotpEnrolment',
  'confirmTotpEnrolment',
  'startPasskeyEnrolment',
  'finishPasskeyEnrolment',
  'removeSecondFactor',
  'regenerateRecoveryCodes',
  'endSession',
  'endOtherSessions',
  'endUserSessions',
  'resetUserSecondFactors',
]);
