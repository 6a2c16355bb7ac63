import { eventIterator, oc } from '@orpc/contract';
import { z } from 'zod';
import { INPUT_ERRORS } from './errors';
import { IMPORTANCE } from './enums';
import { SYMBOL_MESSAGE, SYMBOL_PATTERN } from './patterns';
import { unchecked } from './unchecked';

/** An opaque `nextCursor` handed out by getHistoricalNews (its (ts, id) keyset position). */
export const FEED_CURSOR_PATTERN = /^(\d{1,15})\.(\d{1,15})$/;

const listOrOne = z.union([z.string().max(100), z.array(z.string().max(100)).max(50)]);

/** docs/PRODUCT-RULES.md §3/§5: the raw feed parameters; the router normalises them (lone values → lists, defaults). */
export const historicalNewsInput = z
  .object({
    limit: z.union([z.number(), z.string().max(20)]).optional(),
    importance: listOrOne.optional(),
    symbols: listOrOne.optional(),
    sources: listOrOne.optional(),
    search: z.string().max(200).optional(),
    sortBy: z.string().max(20).optional(),
    sortOrder: z.string().max(4).optional(),
    onePctMovement: z.union([z.boolean(), z.string().max(5)]).optional(),
    /** Only the headlines that hit the caller's own watchlists ("My watchlists"). */
    watchOnly: z.union([z.boolean(), z.string().max(5)]).optional(),
    excludeGarbage: z.boolean().optional(),
    excludeTestNews: z.boolean().optional(),
    includeMetadata: z.boolean().optional(),
    /**
     * Paging in the timestamp order: the `nextCursor` of the previous page; the next page starts
     * right after its last item, whatever the timestamps it shares with others.
     */
    cursor: z.string().regex(FEED_CURSOR_PATTERN, 'Invalid cursor').optional(),
    /**
     * Older paging by timestamp only (items strictly older than this, ms). Kept for existing
     * callers; items sharing a millisecond at a page edge are lost this way, so page with `cursor`.
     */
    before: z.number().int().optional(),
  })
  .default({});

/** Another source that reported a stored story later: who, when it was read, and how much after the first. */
export const alsoReportedSchema = z.object({
  sourceId: z.string(),
  sourceKind: z.string(),
  name: z.string(),
  receivedAt: z.number(),
  afterMs: z.number(),
});
export type AlsoReportedEntry = z.infer<typeof alsoReportedSchema>;

export const newsItemSchema = z.object({
  id: z.number(),
  /** Publication time (never after receipt); the feed's order. */
  ts: z.number(),
  /** When Meridian read it from the source. */
  receivedAt: z.number(),
  /**
   * The source's own publication time (= ts); null when the source gave none, so its delay is
   * unknown. Absent on items stored before it was kept.
   */
  publishedAt: z.number().nullable().optional(),
  /** When it was stored (and published to the live feed); absent on older items. */
  storedAt: z.number().nullable().optional(),
  sourceId: z.string(),
  sourceKind: z.string(),
  author: z.string().nullable(),
  title: z.string(),
  body: z.string().nullable(),
  url: z.string().nullable(),
  symbols: z.array(z.string()),
  importance: z.enum(IMPORTANCE),
  isGarbage: z.boolean(),
  isTest: z.boolean(),
  onePctMovement: z.boolean(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** Other sources that reported the same story after it (the dedupe keeps one row): who, and how much later. */
  alsoReportedBy: z.array(alsoReportedSchema).optional(),
});
export type NewsItemDto = z.infer<typeof newsItemSchema>;

export const manualNewsInput = z.object({
  title: z.string().trim().min(1, 'A headline is required').max(500),
  body: z.string().trim().max(5000).optional(),
  /** Stored and shown as a link: http(s) only (javascript:, data: and the like are refused). */
  url: z
    .url({ protocol: /^https?$/, error: 'Enter an http(s) URL' })
    .max(2000)
    .optional(),
  /** Tickers as the mappings take them: the search index carries each as one token (feed-search.ts). */
  symbols: z.array(z.string().trim().toUpperCase().regex(SYMBOL_PATTERN, SYMBOL_MESSAGE)).max(20).optional(),
  importance: z.enum(IMPORTANCE).optional(),
  isTest: z.boolean().default(false),
});

export const newsContract = {
  getHistoricalNews: oc
    .route({
      method: 'GET',
      summary: 'The news feed: filters, full-text search, newest first (docs/PRODUCT-RULES.md §3 parameters)',
    })
    .input(historicalNewsInput)
    // Typed, not re-validated: up to 1,000 items our own query produced. `nextCursor`: pass it as
    // `cursor` for the next page (timestamp order, page was full); null when there is none.
    .output(unchecked(z.object({ items: z.array(newsItemSchema), nextCursor: z.string().nullable() }))),
  streamNews: oc
    .route({
      method: 'GET',
      summary:
        'New feed items as they are published (event stream, keep-alive 5 s; resumes from Last-Event-ID or ends with STREAM_RESET)',
    })
    // Left out on the server for this subscriber (live and on resume); the feed's own names.
    .input(z.object({ excludeGarbage: z.boolean().optional(), excludeTestNews: z.boolean().optional() }).optional())
    .output(eventIterator(unchecked(newsItemSchema))),
  postManualNews: oc
    .route({ method: 'POST', summary: 'Publish a headline by hand (admin); test items are flagged' })
    .errors(INPUT_ERRORS)
    .input(manualNewsInput)
    .output(unchecked(z.object({ item: newsItemSchema.nullable(), duplicate: z.boolean() }))),
};
