import type { AuditAction } from '@contract/enums';
import type { AuditEntry } from '@contract/audit';

/** How each action reads in the trail. */
export const ACTION_LABEL: Record<AuditAction, string> = {
  'auth.signIn': 'Sign-in',
  'auth.secondFactor': 'Second factor',
  'auth.stepUp': 'Step-up',
  'auth.signOut': 'Sign-out',
  'secondFactor.add': 'Second factor added',
  'secondFactor.remove': 'Second factor removed',
  'secondFactor.reset': 'Second factors reset',
  'recoveryCodes.regenerate': 'Recovery codes renewed',
  'session.end': 'Session ended',
  'session.endOthers': 'Other sessions ended',
  'session.endAll': 'All sessions ended',
  'pushDevice.add': 'Push device added',
  'pushDevice.remove': 'Push device removed',
  'order.place': 'Order placed',
  'order.cancel': 'Order cancelled',
  'trading.switch': 'Trading switch',
  'risk.limit': 'Risk limit',
  'tradingKey.set': 'Trading key set',
  'tradingKey.clear': 'Trading key cleared',
  'user.update': 'User changed',
  'account.add': 'Account added',
  'account.sync': 'Accounts synced',
  'account.assign': 'Account assignment',
  'news.settings': 'News settings',
  'telegram.chat': 'Telegram chat',
};

/** A before/after value in one line: `key: value` pairs, JSON for anything nested. */
export function compactValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

/** "before → after", or just what there is. */
export function changeText(entry: Pick<AuditEntry, 'before' | 'after'>): string {
  const before = compactValue(entry.before);
  const after = compactValue(entry.after);
  if (before && after) return `${before} → ${after}`;
  return after || before;
}

/** The target as people read it: its label, or its id. */
export const targetText = (entry: Pick<AuditEntry, 'target'>) =>
  entry.target ? (entry.target.label ? `${entry.target.label}` : entry.target.id) : '';

/** A datetime-local input's value (local time) as ms, or undefined when empty or invalid. */
export function localInputToMs(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}
