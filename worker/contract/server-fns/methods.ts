/**
 * Each server function's HTTP method, without the schemas: a client that only calls functions
 * (and validates nothing) imports this instead of the contract, so no zod code enters its bundle.
 * index.ts fails to compile when this table and the contract disagree.
 */
export const SERVER_FN_METHODS = {
  getUser: 'GET',
  signOut: 'POST',
  getNewsSettings: 'GET',
  updateNewsSettings: 'POST',
  getMappings: 'GET',
  getCustomRules: 'GET',
  createCustomRule: 'POST',
  updateCustomRule: 'POST',
  deleteCustomRule: 'POST',
  testCustomRule: 'POST',
  getSources: 'GET',
  createSource: 'POST',
  rotateTelegramSecret: 'POST',
  getTelegramChats: 'GET',
  getTelegramStatus: 'GET',
  createTelegramChat: 'POST',
  updateTelegramChat: 'POST',
  deleteTelegramChat: 'POST',
  getPerformanceThresholds: 'GET',
  createPerformanceThreshold: 'POST',
  deletePerformanceThreshold: 'POST',
  getTwitterHandles: 'GET',
  createTwitterHandle: 'POST',
  updateTwitterHandle: 'POST',
  deleteTwitterHandle: 'POST',
  getTwitterPollingSessions: 'GET',
  getXPollingBudget: 'GET',
  setExchangeSource: 'POST',
  setXStream: 'POST',
  createTwitterPollingSession: 'POST',
  updateTwitterPollingSession: 'POST',
  deleteTwitterPollingSession: 'POST',
} as const;
