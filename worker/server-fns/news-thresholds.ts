import { z } from 'zod';
import {
  createPerformanceThreshold as addThreshold,
  deletePerformanceThreshold as removeThreshold,
  readPerformanceThresholds,
} from '../domains/news/settings/performance-thresholds';
import { idSchema, symbolSchema } from '../contract/news-mappings';
import { defineServerFn, noInput } from './define';

/** { default, overrides }: the default is the stored row or the implied 1% within 5 minutes. */
export const getPerformanceThresholds = defineServerFn({
  method: 'GET',
  access: 'approved',
  input: noInput,
  handler: ({ ctx }) => readPerformanceThresholds(ctx.db),
});

export const createPerformanceThreshold = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: z
    .object({
      /** Absent or null: the default for every symbol without its own threshold. */
      symbol: symbolSchema.nullish().transform((symbol) => symbol ?? null),
      percent: z.number().min(0.1, 'At least 0.1%').max(50, 'At most 50%'),
      windowMinutes: z.literal([1, 5, 15], 'The window is 1, 5 or 15 minutes'),
    })
    .strict(),
  handler: ({ input, ctx }) => addThreshold(ctx.db, input),
});

export const deletePerformanceThreshold = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: z.object({ id: idSchema }).strict(),
  handler: ({ input, ctx }) => removeThreshold(ctx.db, input.id),
});
