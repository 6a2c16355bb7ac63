import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountLatest, type exchangeAccounts } from '../../db/schema/accounts';
import type { AccountMetrics } from '../../exchanges/metrics';
import type { Position } from '../../exchanges/types';

export async function readAccountStats(db: Db, account: typeof exchangeAccounts.$inferSelect) {
  const latest = await db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, account.id) });
  return {
    account,
    ts: latest?.ts ?? null,
    metrics: (latest?.metrics as AccountMetrics | undefined) ?? null,
    positions: (latest?.positions as Position[] | undefined) ?? [],
  };
}
