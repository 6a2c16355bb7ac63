import type { Contract } from '../contract';
import type { AuditAction } from '../contract/enums';
import type { AuditNote } from '../domains/audit/audit-log';

/**
 * The procedures the audit trail records with their action. The audit middleware
 * (procedures.ts) writes one entry per call by a signed-in caller: done, or refused and why (the
 * level, a missing or stale second factor, a limit, a domain rule), or failed. Handlers add what
 * only they know (target, before → after) to `context.auditNote`; without that, the entry names
 * the input's `id` and keeps the input (secrets masked, see audit-log.ts).
 */
export const RPC_AUDIT: Partial<Record<keyof Contract, AuditAction>> = {
  placeOrder: 'order.place',
  cancelOrder: 'order.cancel',
  protectPosition: 'order.place',
  moveProtection: 'order.place',
  cancelAllOrders: 'order.cancel',
  setTradingEnabled: 'trading.switch',
  setRiskLimit: 'risk.limit',
  setTradingKey: 'tradingKey.set',
  clearTradingKey: 'tradingKey.clear',
  updateUser: 'user.update',
  addExchangeAccount: 'account.add',
  syncExchangeAccounts: 'account.sync',
  setAccountAssignment: 'account.assign',
  createBannedMapping: 'news.settings',
  updateBannedMapping: 'news.settings',
  deleteBannedMapping: 'news.settings',
  addTermToAllBannedMappings: 'news.settings',
  createSpecialMapping: 'news.settings',
  updateSpecialMapping: 'news.settings',
  deleteSpecialMapping: 'news.settings',
  addTermToAllSpecialMappings: 'news.settings',
  addSymbolToAllSpecialMappings: 'news.settings',
  confirmTotpEnrolment: 'secondFactor.add',
  finishPasskeyEnrolment: 'secondFactor.add',
  removeSecondFactor: 'secondFactor.remove',
  regenerateRecoveryCodes: 'recoveryCodes.regenerate',
  resetUserSecondFactors: 'secondFactor.reset',
  endSession: 'session.end',
  endOtherSessions: 'session.endOthers',
  endUserSessions: 'session.endAll',
  subscribePushDevice: 'pushDevice.add',
  removePushDevice: 'pushDevice.remove',
};

const idOf = (value: unknown) =>
  value && typeof value === 'object' && 'id' in value && (typeof value.id === 'string' || typeof value.id === 'number')
    ? String(value.id)
    : null;

/**
 * The note of a call whose handler added nothing: the target is what the input names (its `id`), or
 * what the call created (the output's `id`), or else the procedure itself; the input is "after".
 */
export function defaultNote(procedure: string, input: unknown, output?: unknown): AuditNote {
  return { target: { type: procedure, id: idOf(input) ?? idOf(output) ?? procedure }, after: input };
}
