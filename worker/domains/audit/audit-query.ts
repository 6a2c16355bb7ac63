import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import { TRADING_AUDIT_ACTIONS, type AuditAction } from '../../contract/enums';
import type { AuditDb } from '../../db/client';
import { auditLog, type AuditRow } from '../../db/schema-audit';

/** Filters of /admin/audit: who, what, on what, when. */
export interface AuditFilters {
  actorId?: string;
  action?: AuditAction;
  /** a target's id or its label (an email, an account) */
  target?: string;
  from?: number;
  to?: number;
}

function where(filters: AuditFilters, extra: (SQL | undefined)[] = []): SQL | undefined {
  return and(
    filters.actorId ? eq(auditLog.actorId, filters.actorId) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.target ? or(eq(auditLog.targetId, filters.target), eq(auditLog.targetLabel, filters.target)) : undefined,
    filters.from !== undefined ? gte(auditLog.at, filters.from) : undefined,
    filters.to !== undefined ? lte(auditLog.at, filters.to) : undefined,
    ...extra,
  );
}

/**
 * A page of the trail. Newest first, older pages by `beforeId`; the live tail asks `afterId` and gets
 * what came since, oldest first (ids only grow, so nothing is missed or repeated).
 */
export async function readAudit(
  db: AuditDb,
  filters: AuditFilters & { beforeId?: number; afterId?: number; limit: number },
): Promise<{ entries: AuditRow[]; nextBeforeId: number | null }> {
  if (filters.afterId !== undefined) {
    const entries = await db
      .select()
      .from(auditLog)
      .where(where(filters, [gt(auditLog.id, filters.afterId)]))
      .orderBy(asc(auditLog.id))
      .limit(filters.limit);
    return { entries, nextBeforeId: null };
  }
  const entries = await db
    .select()
    .from(auditLog)
    .where(where(filters, [filters.beforeId !== undefined ? lt(auditLog.id, filters.beforeId) : undefined]))
    .orderBy(desc(auditLog.id))
    .limit(filters.limit + 1);
  const more = entries.length > filters.limit;
  if (more) entries.pop();
  return { entries, nextBeforeId: more ? entries[entries.length - 1]!.id : null };
}

/** The trading part of the trail for one trader: what they did at the terminal and what was done to their trading. */
export function readTradingAudit(db: AuditDb, traderId: string, limit: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.action, [...TRADING_AUDIT_ACTIONS]),
        or(eq(auditLog.traderId, traderId), eq(auditLog.actorId, traderId)),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

export type AuditEntryDto = ReturnType<typeof toAuditDto>;

export function toAuditDto(row: AuditRow) {
  return {
    id: row.id,
    at: row.at,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    sessionId: row.sessionId,
    ip: row.ip,
    action: row.action,
    target: row.targetId === null ? null : { type: row.targetType ?? 'unknown', id: row.targetId, label: row.targetLabel },
    traderId: row.traderId,
    before: row.before ?? null,
    after: row.after ?? null,
    result: row.result,
    reason: row.reason,
  };
}
