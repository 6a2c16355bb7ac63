import type { AuditAction, AuditResult } from '../../contract/enums';
import type { AuditDb } from '../../db/client';
import { auditLog } from '../../db/schema-audit';
import { DomainError } from '../../lib/domain-error';

/**
 * The audit trail: one append-only row per privileged action — who (user and session),
 * what (action, target, before → after), when, from where (IP), and the result (done, refused and
 * why, failed). The table refuses UPDATE and DELETE itself (migrations-audit/), and nothing here
 * offers either: the only write is `appendAudit`.
 */

/** Who acted: the signed-in user and session, and the IP the request came from. */
export interface AuditActor {
  userId: string | null;
  email?: string | null;
  sessionId: string | null;
  ip: string | null;
}

/** What a handler tells the trail about the action it ran (it fills this in as it learns it). */
export interface AuditNote {
  target?: { type: string; id: string; label?: string | null };
  /** the trader a trading entry concerns (orders, switches, limits, keys): the risk team filters by it */
  traderId?: string | null;
  before?: unknown;
  after?: unknown;
  /** the actor's email, once the fresh check has read it */
  actorEmail?: string | null;
}

export interface AuditEntry extends AuditNote {
  action: AuditAction;
  result: AuditResult;
  reason?: string | null;
}

/** Records an entry; wired to AUDIT_DB in worker/wiring/audit.ts (kept alive past the response). */
export type RecordAudit = (actor: AuditActor, entry: AuditEntry) => void;

/** Never more than this of a before/after value: the trail is a record, not a copy of the data. */
const VALUE_MAX = 4000;
/** Key names whose values never reach the trail, however a handler fills a note. */
// A code itself ("code", "codes", "recoveryCodes") is hidden; a count of them ("recoveryCodesLeft") is not.
const SECRET_KEYS = /secret|password|api_?key|token|credential|private_?key|^(code|codes|recoveryCodes|otp|totp)$/i;

/** A value as stored: secrets masked, bounded in size, plain JSON. */
export function auditValue(value: unknown): unknown {
  if (value === undefined) return null;
  const json = JSON.stringify(value, (key, v: unknown) => (key && SECRET_KEYS.test(key) ? '[hidden]' : v));
  if (json === undefined) return null;
  return json.length > VALUE_MAX ? { truncated: json.slice(0, VALUE_MAX) } : (JSON.parse(json) as unknown);
}

/** The result and reason of a call that threw: refused (a catalogue error below 500) or failed. */
export function outcomeOf(err: unknown): { result: AuditResult; reason: string } {
  if (err instanceof DomainError && err.status < 500) {
    const reason = (err.data as { reason?: unknown } | undefined)?.reason;
    return { result: 'refused', reason: typeof reason === 'string' ? `${err.message} (${reason})` : err.message };
  }
  if (err && typeof err === 'object' && 'status' in err && typeof err.status === 'number' && err.status < 500)
    return { result: 'refused', reason: (err as { message?: string }).message ?? 'refused' };
  return { result: 'failed', reason: 'Internal server error' };
}

export async function appendAudit(db: AuditDb, actor: AuditActor, entry: AuditEntry, at = Date.now()): Promise<void> {
  await db.insert(auditLog).values({
    at,
    actorId: actor.userId,
    actorEmail: entry.actorEmail ?? actor.email ?? null,
    sessionId: actor.sessionId,
    ip: actor.ip,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    targetLabel: entry.target?.label ?? null,
    traderId: entry.traderId ?? null,
    before: auditValue(entry.before),
    after: auditValue(entry.after),
    result: entry.result,
    reason: entry.reason ?? null,
  });
}
