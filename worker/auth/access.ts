import { appError } from '../lib/errors';
import type { Session } from './session';

/** Access levels of SPEC.md §6, from least to most specific. */
export const ACCESS_LEVELS = ['public', 'authed', 'approved', 'riskTeam', 'admin', 'terminal'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const ADMIN_ROLES = ['admin', 'superadmin'] as const;
export function isAdminRole(role: string): boolean {
  return (ADMIN_ROLES as readonly string[]).includes(role);
}

/** Throws the catalogue error for a caller below `level`; returns the session otherwise. */
export function assertAccess(level: AccessLevel, session: Session | null): Session | null {
  if (level === 'public') return session;
  if (!session) throw appError('UNAUTHORIZED', 'Sign in required');
  if (level === 'authed') return session;
  if (!session.approved) throw appError('FORBIDDEN', 'Your account is awaiting approval');
  if (level === 'riskTeam' && !session.isRiskTeam) throw appError('FORBIDDEN', 'Risk team access required');
  if (level === 'admin' && !isAdminRole(session.role)) throw appError('FORBIDDEN', 'Admin access required');
  if (level === 'terminal' && !session.can_use_terminal) throw appError('FORBIDDEN', 'Terminal access required');
  return session;
}
