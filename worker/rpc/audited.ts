import type { Contract } from '../contract';
import type { AuditAction } from '../contract/enums';
import type { AuditNote } from '../domains/audit/audit-log';

/**
 * The procedures the audit trail records (issue 28), with their action. The audit middleware
 * (procedures.ts) writes one entry per call by a signed-in caller: done, or refused and why (the
 * level, a missing or stale second factor, a limit, a domain rule), or failed. Handlers add what
 * only they know (target, before → after) to `context.auditNote`; without that, the entry names
 * the input's `id` and keeps the input (secrets masked, see audit-log.ts).
 */
export const RPC_AUDIT: Partial<Record<keyof Contract, AuditAction>> = {
  placeOrder: 'order.place',
  cancelOrder: 'order.cancel',
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
};

/** The note of a call whose handler added nothing: the input's id as the target, the input as "after". */
export function defaultNote(procedure: string, input: unknown): AuditNote {
  const id = input && typeof input === 'object' && 'id' in input && typeof input.id === 'string' ? input.id : null;
  return { target: id ? { type: procedure, id } : undefined, after: input };
}
