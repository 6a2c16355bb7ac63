import { eq } from 'drizzle-orm';
import { batchReads } from '../../db/batch-reads';
import type { Db } from '../../db/client';
import { accountLatest } from '../../db/schema/accounts';
import type { AccountMetrics } from '../../exchanges/metrics';
import type { Position } from '../../exchanges/types';
import type { Session } from '../auth/access';
import { accountForCallerFrom, accountForCallerQuery, accountIdOfEmail } from './account-access';

/**
 * getUserAccountStats in one D1 round and call: the access check and the latest snapshot are read together
 * (the snapshot through the email's account id); the snapshot is dropped when the caller may not
 * see the account.
 */
export async function readAccountStats(db: Db, session: Session, email: string) {
  // One D1 call (batchReads): the caller's fresh check rides along (check-rider.ts).
  // A select, not findFirst: drizzle 0.45 fails to map a batched findFirst that finds no row.
  const [accountRows, [latest]] = await batchReads(db, [
    accountForCallerQuery(db, session, email),
    db
      .select()
      .from(accountLatest)
      .where(eq(accountLatest.accountId, accountIdOfEmail(email)))
      .limit(1),
  ]);
  const account = accountForCallerFrom(accountRows, session);
  return {
    account,
    ts: latest?.ts ?? null,
    metrics: (latest?.metrics as AccountMetrics | undefined) ?? null,
    positions: (latest?.positions as Position[] | undefined) ?? [],
  };
}
