import { asc, eq, sql } from 'drizzle-orm';
import { isAdminRole, type Session } from '../auth/access';
import type { Db } from '../../db/client';
import { accountAssignments, exchangeAccounts } from '../../db/schema/accounts';
import { domainError } from '../../lib/domain-error';

/** Admins and the risk team watch every account; traders only the ones assigned to them. */
export function seesAllAccounts(session: Session): boolean {
  return isAdminRole(session.role) || session.isRiskTeam;
}

export async function listAccountsFor(db: Db, session: Session, scope: 'mine' | 'all') {
  if (scope === 'all' && seesAllAccounts(session)) {
    return db.select().from(exchangeAccounts).orderBy(asc(exchangeAccounts.email));
  }
  const rows = await db
    .select({ account: exchangeAccounts })
    .from(accountAssignments)
    .innerJoin(exchangeAccounts, eq(exchangeAccounts.id, accountAssignments.accountId))
    .where(eq(accountAssignments.userId, session.sub))
    .orderBy(asc(exchangeAccounts.email));
  return rows.map((r) => r.account);
}

/** The account behind a sub-account email, or 403 when the caller may not see it (404 is not leaked). */
export async function accountForCaller(db: Db, session: Session, email: string) {
  // One read: the account and whether it is assigned to the caller.
  const [row] = await db
    .select({
      account: exchangeAccounts,
      assigned: sql<number>`exists (select 1 from ${accountAssignments} where ${accountAssignments.userId} = ${session.sub} and ${accountAssignments.accountId} = ${exchangeAccounts.id})`,
    })
    .from(exchangeAccounts)
    .where(eq(exchangeAccounts.email, email.toLowerCase()))
    .limit(1);
  if (row && (row.assigned || seesAllAccounts(session))) return row.account;
  throw domainError('FORBIDDEN', 'This account is not assigned to you');
}
