import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../../../test/harness';
import { tradedLatelyStatement } from './gate-reads';

describe("the firm gate's read of the accounts that traded a symbol lately", () => {
  it('seeks each account in orders_account_symbol_idx: its cost does not grow with the day’s orders in the symbol', async () => {
    const plan = (await db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${tradedLatelyStatement('ETHUSDT', 0)}`)).map(
      (r) => r.detail,
    );
    expect(plan.join('\n')).toMatch(
      /SEARCH o (EXISTS )?USING COVERING INDEX orders_account_symbol_idx \(account_id=\? AND symbol=\? AND received_at>\?\)/,
    );
    expect(plan.join('\n')).not.toMatch(/orders_symbol_idx|TEMP B-TREE/);
  });
});
