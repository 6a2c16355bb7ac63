import { AUDIT_EXPORT_MAX } from '../../contract/audit';
import { createAuditDb } from '../../db/client';
import { auditCsv } from '../../domains/audit/audit-csv';
import { readAudit, readTradingAudit, toAuditDto } from '../../domains/audit/audit-query';
import { admin, riskTeam } from '../procedures';

export const auditRouter = {
  listAuditLog: admin.listAuditLog.handler(async ({ context, input }) => {
    const page = await readAudit(createAuditDb(context.env.AUDIT_DB), { ...input.filters, ...input });
    return { entries: page.entries.map(toAuditDto), nextBeforeId: page.nextBeforeId };
  }),
  exportAuditLog: admin.exportAuditLog.handler(async ({ context, input }) => {
    const { entries, nextBeforeId } = await readAudit(createAuditDb(context.env.AUDIT_DB), {
      ...input.filters,
      limit: AUDIT_EXPORT_MAX,
    });
    return { csv: auditCsv(entries), rows: entries.length, truncated: nextBeforeId !== null };
  }),
  listTradingAudit: riskTeam.listTradingAudit.handler(async ({ context, input }) => ({
    entries: (await readTradingAudit(createAuditDb(context.env.AUDIT_DB), input.traderId, input.limit)).map(toAuditDto),
  })),
};
