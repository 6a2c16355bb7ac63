import { waitUntil } from 'cloudflare:workers';
import { createAuditDb } from '../db/client';
import { appendAudit, type AuditActor, type RecordAudit } from '../domains/audit/audit-log';
import type { Session } from '../domains/auth/access';
import type { Bindings } from '../env';
import { logError } from '../lib/log';

/**
 * The audit trail's writer, on AUDIT_DB. Each entry is written alongside the response and kept alive
 * by waitUntil (the order path pays no extra round trip); a failed write is logged, never thrown
 * at a caller whose action already happened.
 */
export const auditTrail =
  (env: Bindings): RecordAudit =>
  (actor, entry) =>
    waitUntil(
      appendAudit(createAuditDb(env.AUDIT_DB), actor, entry).catch((err: unknown) =>
        logError(`audit: could not record ${entry.action}`, err),
      ),
    );

/** The actor of a request: the token's user and session (or nobody) and the client's IP. */
export const auditActor = (session: Session | null, ip: string | null): AuditActor => ({
  userId: session?.sub ?? null,
  sessionId: session?.sid ?? null,
  ip,
});
