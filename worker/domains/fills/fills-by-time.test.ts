import { describe, expect, it } from 'vitest';
import { db } from '../../test/harness';
import { FIRM_RANGE_READS } from './firm-performance';

/**
 * migrations/0029: the firm-wide read takes every account's fills and funding over a range by time
 * alone; each of its range statements seeks an index on the time instead of scanning the table.
 */
async function plan(sql: string) {
  const { results } = await db.$client
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(Date.now() - 86_400_000, Date.now())
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join('\n');
}

describe('the firm-wide performance read by time (migrations/0029)', () => {
  it('reads account_fills over the range through account_fills_ts_idx', async () => {
    for (const sql of [FIRM_RANGE_READS.totals, FIRM_RANGE_READS.days]) {
      const detail = await plan(sql);
      expect(detail).toMatch(/SEARCH account_fills USING (COVERING )?INDEX account_fills_ts_idx \(ts>\? AND ts<\?\)/);
      expect(detail).not.toMatch(/SCAN account_fills/);
    }
  });

  it('reads funding over the range through account_income_kind_ts_idx', async () => {
    for (const sql of [FIRM_RANGE_READS.funding, FIRM_RANGE_READS.traderFunding]) {
      const detail = await plan(sql);
      expect(detail).toMatch(/SEARCH i USING INDEX account_income_kind_ts_idx \(kind=\? AND ts>\? AND ts<\?\)/);
      expect(detail).not.toMatch(/SCAN i\b/);
    }
  });

  it("a trader's line reads by trader or by account, never the whole table", async () => {
    for (const sql of [FIRM_RANGE_READS.traderTotals, FIRM_RANGE_READS.traderDays])
      expect(await plan(sql)).not.toMatch(/SCAN account_fills\b(?! USING)/);
  });
});
