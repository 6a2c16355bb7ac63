import { z } from 'zod';
import { epochMs, epochMsOrNull } from '../fields';
import { THRESHOLD_WINDOWS } from '../enums';
import { symbolSchema } from '../news-mappings';
import { deletedSchema, mutation, query } from './define';
import { byIdInput } from './news-fields';

export const performanceThresholdSchema = z.strictObject({
  id: z.string(),
  /** null: the default for every symbol without its own row. */
  symbol: z.string().nullable(),
  percent: z.number(),
  windowMinutes: z.number(),
  createdAt: epochMs,
});

export const effectiveThresholdsSchema = z.strictObject({
  /** The stored default row, or the implied one (1% in 5 minutes: id and createdAt null, implied true). */
  default: performanceThresholdSchema.extend({
    id: z.string().nullable(),
    createdAt: epochMsOrNull,
    implied: z.boolean(),
  }),
  /** Per-symbol overrides, by symbol. */
  overrides: z.array(performanceThresholdSchema),
});

export const createThresholdInput = z
  .object({
    /** Absent or null: the default for every symbol without its own threshold. */
    symbol: symbolSchema.nullish().transform((symbol) => symbol ?? null),
    percent: z.number().min(0.1, 'At least 0.1%').max(50, 'At most 50%'),
    windowMinutes: z.literal(THRESHOLD_WINDOWS, 'The window is 1, 5 or 15 minutes'),
  })
  .strict();

export type PerformanceThresholdDto = z.output<typeof performanceThresholdSchema>;
export type EffectiveThresholds = z.output<typeof effectiveThresholdsSchema>;
export type ThresholdFields = z.output<typeof createThresholdInput>;

export const newsThresholdsServerFns = {
  /** { default, overrides }: the default is the stored row or the implied 1% within 5 minutes. */
  getPerformanceThresholds: query(effectiveThresholdsSchema),
  createPerformanceThreshold: mutation(createThresholdInput, performanceThresholdSchema),
  deletePerformanceThreshold: mutation(byIdInput, deletedSchema),
};
