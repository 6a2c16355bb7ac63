import { oc } from '@orpc/contract';
import { z } from 'zod';
import { epochMs, epochMsOrNull } from './fields';
import { HEADLINE_KINDS, IMPORTANCE, NEWS_TRADE_STAGES, ORDER_SIDES } from './enums';

/** One figure of a news trade: the move from entry in the trade's direction, in percent and in USD. */
export const newsTradeFigureSchema = z.object({ percent: z.number(), usd: z.number() }).nullable();
export type NewsTradeFigure = z.infer<typeof newsTradeFigureSchema>;

const figuresSchema = z.object({
  m1: newsTradeFigureSchema,
  m5: newsTradeFigureSchema,
  m15: newsTradeFigureSchema,
  /** taken: the exit (closed) or the mark when last followed (open); hypothetical: the same moment */
  close: newsTradeFigureSchema,
});

export const newsTradeSchema = z.object({
  orderId: z.string(),
  traderId: z.string(),
  traderName: z.string().nullable(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  headline: z.object({
    id: z.number(),
    title: z.string(),
    sourceId: z.string(),
    /** the source's name now (null when the source was deleted since) */
    sourceName: z.string().nullable(),
    importance: z.enum(IMPORTANCE),
    kind: z.enum(HEADLINE_KINDS),
    publishedAt: epochMs,
  }),
  /** when the order reached the Worker; reaction = orderAt − publishedAt */
  orderAt: epochMs,
  reactionMs: z.number(),
  /** prices from the local simulated market */
  simulated: z.boolean(),
  stage: z.enum(NEWS_TRADE_STAGES),
  entryPrice: z.number().nullable(),
  entryAt: epochMsOrNull,
  quantity: z.number().nullable(),
  /** after entry; null until the window elapsed (or when it was measured too late to count) */
  taken: figuresSchema,
  /** closed: the position was closed (close is final); false with a close figure: still open, figure as last followed */
  closed: z.boolean(),
  closeAt: epochMsOrNull,
  /** the same size entered at the headline's publication, at its price then (null when none was recorded) */
  hypothetical: figuresSchema.extend({ entryPrice: z.number().nullable() }),
});
export type NewsTrade = z.infer<typeof newsTradeSchema>;

export const listNewsTradesInput = z
  .object({
    /** the risk team and admins: one trader's (absent: everyone's); anyone else: only their own id */
    traderId: z.string().min(1).max(64).optional(),
    limit: z.number().int().min(1).max(1000).default(500),
  })
  .default({ limit: 500 });

export const newsTradesContract = {
  listNewsTrades: oc
    .route({
      method: 'GET',
      summary:
        'Orders placed from a headline, newest first, scored at 1, 5 and 15 minutes after entry and at close beside a hypothetical entry at publication (your own; the risk team and admins: everyone, or one trader)',
    })
    .input(listNewsTradesInput)
    .output(
      z.object({
        trades: z.array(newsTradeSchema),
        /** the risk team and admins: the traders they may filter by; null for anyone else */
        traders: z.array(z.object({ id: z.string(), name: z.string().nullable() })).nullable(),
      }),
    ),
};
