import { asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { ADMIN_ROLES, isAdminRole, type Session } from '../auth/access';
import type { Db } from '../../db/client';
import { accountAssignments, exchangeAccounts } from '../../db/schema/accounts';
import { users } from '../../db/schema/users';
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

/** SQL: the id of the account behind a sub-account email, to read its data in the round that checks access. */
export const accountIdOfEmail = (email: string) =>
  // Plain names: drizzle's relational queries would alias the columns to the outer table.
  sql<string>`(select id from exchange_accounts where email = ${email.toLowerCase()})`;

/** The account behind a sub-account email, or 403 when the caller may not see it (404 is not leaked). */
export async function accountForCaller(db: Db, session: Session, email: string) {
  return accountForCallerFrom(await accountForCallerQuery(db, session, email), session);
}

/** accountForCaller's read, unawaited (one read: the account and whether it is assigned to the caller), for a batch. */
export const accountForCallerQuery = (db: Db, session: Session, email: string) =>
  db
    .select({
      account: exchangeAccounts,
      assigned: sql<number>`exists (select 1 from ${accountAssignments} where ${accountAssignments.userId} = ${session.sub} and ${accountAssignments.accountId} = ${exchangeAccounts.id})`,
    })
    .from(exchangeAccounts)
    .where(eq(exchangeAccounts.email, email.toLowerCase()))
    .limit(1);

/** accountForCaller's answer from its read's rows. */
export function accountForCallerFrom(
  [row]: { account: typeof exchangeAccounts.$inferSelect; assigned: number }[],
  session: Session,
) {
  if (row && (row.assigned || seesAllAccounts(session))) return row.account;
  throw domainError('FORBIDDEN', 'This account is not assigned to you');
}

/**
 * SQL: whether a stored user (a rule's owner, say) may see an account right now, read from D1
 * rather than from a token: enabled and approved, and an admin, on the risk team or assigned.
 * What a rule reads about an account is checked with this at evaluation, listing and editing.
 * Pass a column of another table than `users` (the subquery reads `users` itself).
 */
export function ownerSeesAccount(userId: SQLWrapper, accountId: SQLWrapper) {
  return sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.disabled} = 0 and ${users.approved} = 1 and (${inArray(users.role, [...ADMIN_ROLES])} or ${users.isRiskTeam} = 1 or exists (select 1 from ${accountAssignments} where ${accountAssignments.userId} = ${userId} and ${accountAssignments.accountId} = ${accountId})))`;
}
