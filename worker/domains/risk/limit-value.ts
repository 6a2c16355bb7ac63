import { and, eq, isNull } from 'drizzle-orm';
import type { RiskLimitKind } from '../../contract/enums';
import type { Db } from '../../db/client';
import { riskLimits } from '../../db/schema/risk';

/** The value a limit has now (null: not set), for the audit trail's "before" of setRiskLimit. */
export async function limitValue(db: Db, traderId: string | null, kind: RiskLimitKind): Promise<number | null> {
  const [row] = await db
    .select({ value: riskLimits.value })
    .from(riskLimits)
    .where(and(traderId === null ? isNull(riskLimits.traderId) : eq(riskLimits.traderId, traderId), eq(riskLimits.kind, kind)));
  return row?.value ?? null;
}
