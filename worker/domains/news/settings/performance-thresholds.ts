import { asc, eq } from 'drizzle-orm';
import type { EffectiveThresholds, PerformanceThresholdDto, ThresholdFields } from '../../../contract/server-fns/news-thresholds';
import type { Db } from '../../../db/client';
import { performanceThresholds } from '../../../db/schema/news';
import { domainError } from '../../../lib/domain-error';
import { isUniqueViolation } from '../../../db/errors';
import { deleteById } from './by-id';

/**
 * docs/PRODUCT-RULES.md §7: a 1% move within 5 minutes, unless an admin stored another default. The one copy:
 * the settings page shows it and the price-move job (price-moves.ts) measures with it.
 */
export const IMPLIED_DEFAULT_THRESHOLD = { percent: 1, windowMinutes: 5 } as const;

export async function readPerformanceThresholds(db: Db): Promise<EffectiveThresholds> {
  const rows = await db.select().from(performanceThresholds).orderBy(asc(performanceThresholds.symbol));
  const stored = rows.find((row) => row.symbol === null);
  return {
    default: stored
      ? { ...stored, implied: false }
      : { id: null, symbol: null, ...IMPLIED_DEFAULT_THRESHOLD, createdAt: null, implied: true },
    overrides: rows.filter((row) => row.symbol !== null),
  };
}

/** The threshold that applies to a symbol: its override, else the (stored or implied) default. */
export function thresholdFor(thresholds: EffectiveThresholds, symbol: string): { percent: number; windowMinutes: number } {
  const own = thresholds.overrides.find((row) => row.symbol === symbol.toUpperCase());
  const { percent, windowMinutes } = own ?? thresholds.default;
  return { percent, windowMinutes };
}

/**
 * One threshold per symbol and one default. SQLite's UNIQUE index lets several NULLs through, so
 * the insert itself checks (`symbol IS ?`) in the same statement: no window for a second default.
 */
export async function createPerformanceThreshold(db: Db, fields: ThresholdFields): Promise<PerformanceThresholdDto> {
  const id = crypto.randomUUID();
  const clash = () =>
    domainError('CONFLICT', fields.symbol ? `${fields.symbol} already has a threshold` : 'A default threshold already exists');
  try {
    const result = await db.$client
      .prepare(
        `INSERT INTO performance_thresholds (id, symbol, percent, window_minutes, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE NOT EXISTS (SELECT 1 FROM performance_thresholds WHERE symbol IS ?2)`,
      )
      .bind(id, fields.symbol, fields.percent, fields.windowMinutes, Date.now())
      .run();
    if (!result.meta.changes) throw clash();
  } catch (error) {
    if (isUniqueViolation(error)) throw clash();
    throw error;
  }
  const row = await db.select().from(performanceThresholds).where(eq(performanceThresholds.id, id)).get();
  return row!;
}

export async function deletePerformanceThreshold(db: Db, id: string): Promise<{ id: string }> {
  return deleteById(db, performanceThresholds, id, 'Performance threshold not found');
}
