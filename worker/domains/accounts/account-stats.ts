import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountLatest } from '../../db/schema/accounts';
import type { AccountMetrics } from '../../exchanges/metrics';
import type { Position } from '../../exchanges/types';
import type { Session } from '../auth/access';
import { accountForCaller, accountIdOfEmail } from './account-access';

/**
 * getUserAccountStats in one D1 round: the access check and the latest snapshot are read together
 * (the snapshot through the email's account id); the snapshot is dropped when the caller may not
 * see the account.
 */
export async function readAccountStats(db: Db, session: Session, email: string) {
  const [account, latest] = await Promise.all([
    accountForCaller(db, session, email),
    db.query.accountLatest.findFirst({ where: eq(accountLatest.accountId, accountIdOfEmail(email)) }),
  ]);
  return {
    account,
    ts: latest?.ts ?? null,
    metrics: (latest?.metrics as AccountMetrics | undefined) ?? null,
    positions: (latest?.positions as Position[] | undefined) ?? [],
  };
}
