import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simPositions } from '../../db/schema/orders';
import { withSimFills, type SimFill } from './fills';
import type { AccountSnapshot, ExchangeAdapter } from '../types';

export async function simFillsOf(db: Db, email: string): Promise<SimFill[]> {
  return db
    .select({ symbol: simPositions.symbol, quantity: simPositions.quantity, entryPrice: simPositions.entryPrice })
    .from(simPositions)
    .where(eq(simPositions.accountEmail, email));
}

/** The fills of several simulated accounts in one read (one row per account and symbol traded), by email. */
export async function simFillsByEmail(db: Db, emails: readonly string[]): Promise<Map<string, SimFill[]>> {
  const out = new Map<string, SimFill[]>();
  if (emails.length === 0) return out;
  const rows = await db
    .select()
    .from(simPositions)
    .where(inArray(simPositions.accountEmail, [...emails]));
  for (const r of rows) out.set(r.accountEmail, [...(out.get(r.accountEmail) ?? []), r]);
  return out;
}

/** An account's snapshot as the dashboards show it: a simulated one includes what orders filled. */
export async function accountSnapshot(db: Db, adapter: ExchangeAdapter, email: string): Promise<AccountSnapshot> {
  const snapshot = await adapter.getAccountSnapshot(email);
  if (adapter.kind !== 'simulated') return snapshot;
  return withSimFills(snapshot, await simFillsOf(db, email));
}
