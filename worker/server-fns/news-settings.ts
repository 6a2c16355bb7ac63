import { z } from 'zod';
import { IMPORTANCE } from '../db/schema/news';
import { readNewsSettings, updateNewsSettings as saveNewsSettings } from '../domains/news/settings/general-settings';
import { symbolSchema } from '../contract/news-mappings';
import { defineServerFn, noInput } from './define';

const unique = <T>(values: T[]) => [...new Set(values)];

const newsSettingsPatchSchema = z
  .object({
    /** Per importance; the levels left out keep their value. */
    sounds: z.object({ critical: z.boolean(), high: z.boolean(), medium: z.boolean(), low: z.boolean() }).partial().strict(),
    desktopNotifications: z.boolean(),
    /** Replaced as a whole. */
    defaultFilters: z
      .object({
        importance: z.array(z.enum(IMPORTANCE)).max(4).transform(unique),
        symbols: z.array(symbolSchema).max(50).transform(unique),
        sources: z.array(z.string().trim().min(1).max(100)).max(50).transform(unique),
        onePctMovement: z.boolean(),
      })
      .partial()
      .strict(),
    timeFormat: z.enum(['24h', '12h']),
    highlightNew: z.boolean(),
  })
  .partial()
  .strict();

/** The caller's general news settings, defaults filled in (PRODUCT.md §5). */
export const getNewsSettings = defineServerFn({
  method: 'GET',
  access: 'approved',
  input: noInput,
  handler: ({ ctx }) => readNewsSettings(ctx.db, ctx.session!.sub),
});

/** Changes the caller's own settings only: the user is the session's, never an input. */
export const updateNewsSettings = defineServerFn({
  method: 'POST',
  access: 'approved',
  input: newsSettingsPatchSchema,
  handler: ({ input, ctx }) => saveNewsSettings(ctx.db, ctx.session!.sub, input),
});
