import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { Db } from './client';

/** What drizzle's query builders and raw `db.all(sql)` both are underneath (drizzle internals, 0.45). */
interface Prepared {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
}

/** A drizzle query's statement and how drizzle maps a D1 batch's answer to it (batchReads, rpc/check-rider.ts). */
export function preparedQuery(item: BatchItem<'sqlite'>): Prepared {
  return (item as unknown as { _prepare(): Prepared })._prepare();
}

/**
 * `db.batch` for reads that mixes query builders with raw `db.all(sql…)`: drizzle 0.45's own D1
 * batch fails on a raw query with parameters (it binds a statement the raw query does not have).
 * One D1 round trip; each answer mapped as drizzle maps it.
 */
export async function batchReads<T extends readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]>(
  db: Db,
  items: T,
): Promise<BatchResponse<T>> {
  const prepared = items.map(preparedQuery);
  const results = await db.$client.batch(
    prepared.map((p) => {
      const { sql, params } = p.getQuery();
      return db.$client.prepare(sql).bind(...params);
    }),
  );
  return results.map((result, i) => prepared[i]!.mapResult(result, true)) as BatchResponse<T>;
}

/** One read as a batch of one: the caller's fresh check can ride in it (check-rider.ts), one D1 call for both. */
export async function batchRead<T extends BatchItem<'sqlite'>>(db: Db, item: T): Promise<BatchResponse<[T]>[0]> {
  const [answer] = await batchReads(db, [item]);
  return answer;
}
