import { domainError } from '../../lib/domain-error';
import type { VerifiedToken } from './jwt';

/** The caller as the verified access token describes them (no database read behind it). */
export type Session = VerifiedToken;

/** Access levels of docs/PRODUCT-RULES.md §3, from least to most specific. */
export const ACCESS_LEVELS = ['public', 'authed', 'approved', 'riskTeam', 'admin', 'terminal'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const ADMIN_ROLES = ['admin', 'superadmin'] as const;
export function isAdminRole(role: string): boolean {
  return (ADMIN_ROLES as readonly string[]).includes(role);
}

/** Throws the catalogue error for a caller below `level`; returns the session otherwise. */
export function assertAccess(level: AccessLevel, session: Session | null): Session | null {
  if (level === 'public') return session;
  if (!session) throw domainError('UNAUTHORIZED', 'Sign in required');
  if (level === 'authed') return session;
  if (!session.approved) throw domainError('FORBIDDEN', 'Your account is awaiting approval');
  if (level === 'riskTeam' && !session.isRiskTeam) throw domainError('FORBIDDEN', 'Risk team access required');
  if (level === 'admin' && !isAdminRole(session.role)) throw domainError('FORBIDDEN', 'Admin access required');
  if (level === 'terminal' && !session.can_use_terminal) throw domainError('FORBIDDEN', 'Terminal access required');
  return session;
}
