import type { Context } from 'hono';
import type { UserRow } from '../../db/schema/users';
import type { DomainError } from '../../lib/domain-error';
import { auditTrail } from '../../wiring/audit';
import type { AppEnv } from '../app-env';
import { clientIp } from '../request';

/**
 * The trail's entries of a password sign-in: refused (wrong password, unknown email, disabled — the
 * email as typed is kept; the answer to the caller stays the same for all of them) or done. A
 * sign-in that waits for its second factor is recorded when that step ends (second-factor-done.ts).
 */
export function signInAudit(c: Context<AppEnv>, user: UserRow | undefined, email: string) {
  const record = auditTrail(c.env);
  const actor = (sessionId: string | null) => ({
    userId: user?.id ?? null,
    email: user?.email ?? email,
    sessionId,
    ip: clientIp(c),
  });
  return {
    refused(err: DomainError): DomainError {
      record(actor(null), {
        action: 'auth.signIn',
        target: { type: 'email', id: email },
        result: 'refused',
        reason: err.message,
      });
      return err;
    },
    done(sessionId: string) {
      record(actor(sessionId), { action: 'auth.signIn', after: { method: 'password' }, result: 'done' });
    },
  };
}
