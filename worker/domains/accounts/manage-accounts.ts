import { and, asc, eq, not } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ExchangeKind } from '../../contract/enums';
import { accountAssignments, exchangeAccounts } from '../../db/schema/accounts';
import { alertRules } from '../../db/schema/alerts';
import { accountTradingKeys } from '../../db/schema/trading-keys';
import { users } from '../../db/schema/users';
import { ownerSeesAccount } from './account-access';
import type { ExchangeAdapter } from '../../exchanges/types';
import { domainError } from '../../lib/domain-error';
import { holdMissingClosers, restingClosersQuery } from '../orders/closers-on-assign';
import type { Gates } from '../orders/gate/gate-client';

export async function listAccountsWithAssignments(db: Db) {
  const [accounts, assignments, keys] = await db.batch([
    db.select().from(exchangeAccounts).orderBy(asc(exchangeAccounts.email)),
    db.select({ userId: accountAssignments.userId, accountId: accountAssignments.accountId }).from(accountAssignments),
    // Whether a trading key is set: ids and dates, never the sealed columns.
    db
      .select({ accountId: accountTradingKeys.accountId, keyId: accountTradingKeys.keyId, setAt: accountTradingKeys.setAt })
      .from(accountTradingKeys),
  ]);
  const keyOf = new Map(keys.map((k) => [k.accountId, { keyId: k.keyId, setAt: k.setAt }]));
  const byAccount = new Map<string, string[]>();
  for (const a of assignments) byAccount.set(a.accountId, [...(byAccount.get(a.accountId) ?? []), a.userId]);
  return accounts.map((a) => ({ ...a, assignedUserIds: byAccount.get(a.id) ?? [], tradingKey: keyOf.get(a.id) ?? null }));
}

/** Imports the exchange's sub-accounts; existing ones keep their id, label and assignments. */
export async function syncAccountsFromExchange(db: Db, exchange: ExchangeKind, adapter: ExchangeAdapter) {
  const subAccounts = await adapter.listSubAccounts();
  const now = Date.now();
  const rows = subAccounts.map((s) => ({
    id: crypto.randomUUID(),
    exchange,
    email: s.email.toLowerCase(),
    label: s.label ?? null,
    status: s.frozen ? ('frozen' as const) : ('active' as const),
    createdAt: now,
  }));
  let added = 0;
  // 6 columns per row → 16 rows per statement keeps under D1's 100 bound parameters.
  const statements = [];
  for (let i = 0; i < rows.length; i += 16) {
    statements.push(
      db
        .insert(exchangeAccounts)
        .values(rows.slice(i, i + 16))
        .onConflictDoNothing()
        .returning({ id: exchangeAccounts.id }),
    );
  }
  if (statements.length) {
    const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
    added = results.reduce((sum, r) => sum + r.length, 0);
  }
  return { added, total: subAccounts.length };
}

export async function addAccount(db: Db, input: { exchange: ExchangeKind; email: string; label?: string }) {
  const [row] = await db
    .insert(exchangeAccounts)
    .values({
      id: crypto.randomUUID(),
      exchange: input.exchange,
      email: input.email.toLowerCase(),
      label: input.label || null,
      createdAt: Date.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw domainError('CONFLICT', 'This account already exists');
  return row;
}

/**
 * Assigns or unassigns an account. With `gates` (the RPC path), an assignment first hands the
 * account's resting take-profits and stop-losses to the user's pre-trade gate
 * (orders/closers-on-assign.ts); fixtures and seeds assign before any order exists.
 */
export async function setAssignment(db: Db, input: { userId: string; accountId: string; assigned: boolean }, gates?: Gates) {
  const [user, account, closers] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)),
    db.select({ id: exchangeAccounts.id }).from(exchangeAccounts).where(eq(exchangeAccounts.id, input.accountId)),
    restingClosersQuery(db, input.accountId),
  ]);
  if (!user.length) throw domainError('NOT_FOUND', 'User not found');
  if (!account.length) throw domainError('NOT_FOUND', 'Account not found');
  if (input.assigned) {
    const missing = closers.filter((c) => !c.gates.includes(input.userId)).map((c) => ({ ...c, traderId: input.userId }));
    const held = gates ? await holdMissingClosers(db, gates, missing) : { writes: [], settle: async () => undefined };
    const [, ...written] = await db.batch([
      db
        .insert(accountAssignments)
        .values({ userId: input.userId, accountId: input.accountId, createdAt: Date.now() })
        .onConflictDoNothing(),
      ...held.writes,
    ]);
    await held.settle(written);
  } else {
    // Unassigned: the user's alert rules on the account stop (unless they still see it as admin
    // or risk team), in the same transaction.
    await db.batch([
      db
        .delete(accountAssignments)
        .where(and(eq(accountAssignments.userId, input.userId), eq(accountAssignments.accountId, input.accountId))),
      db
        .update(alertRules)
        .set({ enabled: false, updatedAt: Date.now() })
        .where(
          and(
            eq(alertRules.userId, input.userId),
            eq(alertRules.accountId, input.accountId),
            not(ownerSeesAccount(alertRules.userId, alertRules.accountId)),
          ),
        ),
    ]);
  }
  return input;
}
