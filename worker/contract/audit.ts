import { oc } from '@orpc/contract';
import { z } from 'zod';
import { epochMs } from './fields';
import { AUDIT_ACTIONS, AUDIT_RESULTS } from './enums';

// The audit trail, read by admins (/admin/audit) and, for trading, the risk team.

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: epochMs,
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  sessionId: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  traderId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  result: z.enum(AUDIT_RESULTS),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A year and a month: enough for "who did that" questions; the export pages through the rest. */
const MAX_RANGE_MS = 400 * 86_400_000;

export const auditFiltersSchema = z
  .object({
    actorId: z.string().min(1).max(64).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    target: z.string().trim().min(1).max(254).optional(),
    from: z.number().int().min(0).optional(),
    to: z.number().int().min(0).optional(),
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.from <= f.to, {
    message: 'from must be before to',
    path: ['from'],
  })
  .refine((f) => f.from === undefined || f.to === undefined || f.to - f.from <= MAX_RANGE_MS, {
    message: 'At most 400 days at once',
    path: ['to'],
  });
export type AuditFiltersInput = z.input<typeof auditFiltersSchema>;

export const AUDIT_PAGE_MAX = 500;
export const AUDIT_EXPORT_MAX = 10_000;

export const auditContract = {
  listAuditLog: oc
    .route({
      method: 'GET',
      summary:
        'The audit trail, newest first (beforeId: older pages; afterId: what came since, oldest first — the live tail) (admin)',
    })
    .input(
      z.object({
        filters: auditFiltersSchema.optional(),
        beforeId: z.number().int().min(0).optional(),
        afterId: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).default(200),
      }),
    )
    .output(z.object({ entries: z.array(auditEntrySchema), nextBeforeId: z.number().nullable() })),
  exportAuditLog: oc
    .route({ method: 'GET', summary: 'The filtered trail as CSV, newest first, at most 10,000 rows (admin)' })
    .input(z.object({ filters: auditFiltersSchema.optional() }))
    .output(z.object({ csv: z.string(), rows: z.number().int(), truncated: z.boolean() })),
  listTradingAudit: oc
    .route({ method: 'GET', summary: 'The trading part of the trail for one trader: orders, switches, limits, keys (risk team)' })
    .input(z.object({ traderId: z.string().min(1).max(64), limit: z.number().int().min(1).max(200).default(50) }))
    .output(z.object({ entries: z.array(auditEntrySchema) })),
};
