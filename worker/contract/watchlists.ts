import { oc } from '@orpc/contract';
import { z } from 'zod';
import { INPUT_ERRORS } from './errors';
import { epochMs, removeByIdProcedure, rowId } from './fields';
import { IMPORTANCE, WATCH_COLORS, WATCH_ENTRY_KINDS, WATCH_NOTIFY, WATCH_SOUNDS } from './enums';
import { newsItemSchema } from './news';
import { MAX_WATCH_ENTRIES_PER_LIST, RULE_REGEX_MAX, SYMBOL_MESSAGE, SYMBOL_PATTERN, WATCH_TERM_MAX } from './patterns';

const symbolEntry = z.object({
  kind: z.literal('symbol'),
  value: z
    .string()
    .max(21)
    .transform((v) => v.trim().replace(/^\$/, '').toUpperCase())
    .pipe(z.string().regex(SYMBOL_PATTERN, SYMBOL_MESSAGE)),
});
const wordEntry = z.object({
  kind: z.literal('word'),
  value: z.string().trim().min(1, 'Type a word or phrase').max(WATCH_TERM_MAX, `At most ${WATCH_TERM_MAX} characters`),
});
const patternEntry = z.object({
  kind: z.literal('pattern'),
  value: z.string().min(1, 'Type a pattern').max(RULE_REGEX_MAX, `At most ${RULE_REGEX_MAX} characters`),
});
export const watchEntrySchema = z.discriminatedUnion('kind', [symbolEntry, wordEntry, patternEntry]);
export type WatchEntry = z.output<typeof watchEntrySchema>;
export { WATCH_ENTRY_KINDS };

const watchlistFields = z.object({
  name: z.string().trim().min(1, 'Name the list').max(60, 'At most 60 characters'),
  color: z.enum(WATCH_COLORS),
  sound: z.enum(WATCH_SOUNDS),
  notify: z.enum(WATCH_NOTIFY),
  entries: z
    .array(watchEntrySchema)
    .min(1, 'Add at least one symbol, word or pattern')
    .max(MAX_WATCH_ENTRIES_PER_LIST, `At most ${MAX_WATCH_ENTRIES_PER_LIST} entries in a list`),
});

export const watchlistSchema = watchlistFields.extend({ id: z.string(), createdAt: epochMs, updatedAt: epochMs });
export type Watchlist = z.output<typeof watchlistSchema>;

/** A new list (no id) or a change to one of yours (id). */
export const saveWatchlistInput = watchlistFields.extend({ id: rowId.optional() });
export type SaveWatchlistInput = z.input<typeof saveWatchlistInput>;

/** One headline that hit some of the caller's lists: on the caller's alert stream, and in history. */
export const watchHitSchema = z.object({ itemId: z.string(), ts: epochMs, watchlistIds: z.array(z.string()) });
export type WatchHit = z.output<typeof watchHitSchema>;

/** A live hit on the caller's alert stream: the headline's id and what the toast shows. */
export const watchHitEventSchema = watchHitSchema.extend({
  kind: z.literal('watchHit'),
  title: z.string(),
  importance: z.enum(IMPORTANCE),
  symbols: z.array(z.string()),
});
export type WatchHitEvent = z.output<typeof watchHitEventSchema>;

export const watchlistsContract = {
  listWatchlists: oc.route({ method: 'GET', summary: 'Your watchlists' }).output(z.array(watchlistSchema)),
  saveWatchlist: oc
    .route({ method: 'POST', summary: 'Create a watchlist, or change one of yours' })
    .errors(INPUT_ERRORS)
    .input(saveWatchlistInput)
    .output(watchlistSchema),
  deleteWatchlist: removeByIdProcedure('Delete one of your watchlists'),
  listWatchHits: oc
    .route({ method: 'GET', summary: 'Headlines that hit your watchlists, newest first, with the lists each hit' })
    .input(
      z
        .object({
          limit: z.number().int().min(1).max(500).default(100),
          /** The last hit of the previous page: the next page starts after it. */
          after: z.object({ ts: z.number().int(), itemId: z.number().int() }).optional(),
        })
        .default({ limit: 100 }),
    )
    .output(z.array(z.object({ item: newsItemSchema, watchlistIds: z.array(z.string()) }))),
};
