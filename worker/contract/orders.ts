import { eventIterator, oc } from '@orpc/contract';
import { z } from 'zod';
import { INPUT_ERRORS } from './errors';
import { ORDER_SIDES, ORDER_STATUSES, ORDER_TYPES, PRE_TRADE_LIMIT_KINDS, TIME_IN_FORCE } from './enums';
import { unchecked } from './unchecked';
import { setTradingKeyInput, tradingKeyStatusSchema, tradingSwitchesSchema } from './trading-admin';

export * from './trading-admin';

/** Binance's newClientOrderId: at most 36 characters of [.A-Z:/a-z0-9_-]; the browser makes it. */
export const CLIENT_ORDER_ID = /^[.A-Za-z0-9:/_-]{1,36}$/;

/** 'BTC' or 'BTCUSDT' → 'BTCUSDT' (USDⓈ-M perpetuals against USDT). */
export const orderSymbol = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,20}$/, 'Invalid symbol')
  .transform((s) => (s.endsWith('USDT') ? s : `${s}USDT`));

const positive = z.number().finite().positive().max(1e9);
/** a distance from the entry, in % */
const percent = z.number().finite().positive().max(99);

const orderBody = z.object({
  accountEmail: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  symbol: orderSymbol,
  side: z.enum(ORDER_SIDES),
  /** USD; converted at the mark price and rounded down to the symbol's step size */
  notional: positive.optional(),
  /** base asset quantity */
  quantity: positive.optional(),
  /** Close: only reduces the position; without a size, closes all of it (market orders only) */
  reduceOnly: z.boolean().default(false),
  /** MARKET fills at once; LIMIT rests at `price` until filled or canceled (time in force) */
  type: z.enum(['MARKET', 'LIMIT']).default('MARKET'),
  /** LIMIT: the limit price, on the symbol's tick */
  price: positive.optional(),
  /** LIMIT: GTC rests until canceled, IOC fills what it can at once, GTX is post-only (default GTC) */
  timeInForce: z.enum(TIME_IN_FORCE).optional(),
});

const sized = <T extends z.ZodType<z.infer<typeof orderBody>>>(schema: T) =>
  schema
    .refine((v) => !(v.notional !== undefined && v.quantity !== undefined), { message: 'Give notional or quantity, not both' })
    .refine((v) => (v.reduceOnly && v.type === 'MARKET') || v.notional !== undefined || v.quantity !== undefined, {
      message: 'Give a notional or a quantity',
    })
    .refine((v) => (v.type === 'LIMIT') === (v.price !== undefined), {
      message: 'A limit order needs a price; a market order takes none',
    })
    .refine((v) => v.type === 'LIMIT' || v.timeInForce === undefined, { message: 'Time in force is for limit orders' });

export const previewOrderInput = sized(orderBody);
export const placeOrderInput = sized(
  orderBody.extend({
    clientOrderId: z.string().regex(CLIENT_ORDER_ID, 'clientOrderId: 1–36 characters of letters, digits and .:/_-'),
    /** ms since epoch of the keypress, by the browser's clock (latency display only) */
    keypressAt: z.number().int().nonnegative().optional(),
    /** the headline the order was placed from (the terminal's selection): the News trades page scores it */
    headlineId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    /** a take-profit trigger price, placed once the entry filled (closes the whole position) */
    takeProfit: positive.optional(),
    /** a stop-loss trigger price, placed once the entry filled */
    stopLoss: positive.optional(),
    /** or the take-profit as a distance in % from the entry (the limit price, or the mark for a market entry) */
    takeProfitPercent: percent.optional(),
    /** or the stop-loss as a distance in % from the entry */
    stopLossPercent: percent.optional(),
    /** or the take-profit as a distance in price (quote currency) from the entry */
    takeProfitOffset: positive.optional(),
    /** or the stop-loss as a distance in price from the entry */
    stopLossOffset: positive.optional(),
  }),
)
  .refine((v) => [v.takeProfit, v.takeProfitPercent, v.takeProfitOffset].filter((x) => x !== undefined).length <= 1, {
    message: 'Give the take-profit as a price or a distance, not both',
  })
  .refine((v) => [v.stopLoss, v.stopLossPercent, v.stopLossOffset].filter((x) => x !== undefined).length <= 1, {
    message: 'Give the stop-loss as a price or a distance, not both',
  })
  .refine(
    (v) =>
      !v.reduceOnly ||
      (v.takeProfit ?? v.stopLoss ?? v.takeProfitPercent ?? v.stopLossPercent ?? v.takeProfitOffset ?? v.stopLossOffset) ===
        undefined,
    {
      message: 'A take-profit or stop-loss protects an entry, not a close',
    },
  );

/** Move a take-profit or stop-loss to a new trigger: the old one is canceled, the new one placed once per clientOrderId. */
export const moveProtectionInput = z.object({
  /** the resting take-profit or stop-loss */
  orderClientOrderId: z.string().regex(CLIENT_ORDER_ID),
  triggerPrice: positive,
  clientOrderId: z.string().regex(CLIENT_ORDER_ID, 'clientOrderId: 1–36 characters of letters, digits and .:/_-'),
});

/** A take-profit and/or stop-loss for an open position (mark-price triggers, closing all of it). */
export const protectPositionInput = z
  .object({
    accountEmail: z.string().trim().toLowerCase().max(254).pipe(z.email()),
    symbol: orderSymbol,
    takeProfit: positive.optional(),
    stopLoss: positive.optional(),
    clientOrderId: z.string().regex(CLIENT_ORDER_ID, 'clientOrderId: 1–36 characters of letters, digits and .:/_-'),
  })
  .refine((v) => v.takeProfit !== undefined || v.stopLoss !== undefined, { message: 'Give a take-profit or a stop-loss price' });

export const riskCheckSchema = z.object({
  passed: z.boolean(),
  /** the limit kind that refused the order, or 'tradingOff' */
  limit: z.string().optional(),
  symbol: z.string().nullable().optional(),
  /** null with `unbounded`: leverage on zero or negative equity */
  value: z.number().nullable().optional(),
  limitValue: z.number().optional(),
  unbounded: z.boolean().optional(),
  /** a trading-off refusal: the firm's switch or the trader's */
  haltScope: z.enum(['firm', 'trader']).optional(),
  after: z.object({ leverage: z.number().nullable(), positionNotional: z.number(), margin: z.number() }).optional(),
  skipped: z.literal('reduceOnly').optional(),
});

export const orderSchema = z.object({
  id: z.string(),
  userId: z.string(),
  traderName: z.string().nullable(),
  accountEmail: z.string(),
  clientOrderId: z.string(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  reduceOnly: z.boolean(),
  type: z.enum(ORDER_TYPES),
  timeInForce: z.enum(TIME_IN_FORCE).nullable(),
  /** LIMIT: the limit price */
  price: z.number().nullable(),
  /** take-profit / stop-loss: the mark price that triggers it */
  triggerPrice: z.number().nullable(),
  /** take-profit / stop-loss placed with an entry: that entry's id */
  parentOrderId: z.string().nullable(),
  /** an entry: the take-profit and stop-loss to attach once it fills (trigger prices) */
  takeProfit: z.number().nullable(),
  stopLoss: z.number().nullable(),
  quantity: z.number(),
  markPrice: z.number(),
  fillPrice: z.number().nullable(),
  filledQuantity: z.number().nullable(),
  status: z.enum(ORDER_STATUSES),
  statusHistory: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.number(), note: z.string().optional() })),
  riskCheck: riskCheckSchema,
  error: z.string().nullable(),
  exchangeOrderId: z.string().nullable(),
  keypressAt: z.number().nullable(),
  receivedAt: z.number(),
  sentAt: z.number().nullable(),
  ackAt: z.number().nullable(),
  /** the headline the order was placed from */
  headlineId: z.number().nullable(),
});
export type OrderDto = z.infer<typeof orderSchema>;

/** One step of one order, as it happens (streamOrders): the order as it stands after the step. */
export const orderEventSchema = z.object({ type: z.literal('order'), ts: z.number(), order: orderSchema });
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** The data of a 412 refusal: which limit, its value, what the order would make it. */
export const orderRefusalSchema = z.object({
  limit: z.union([z.enum(PRE_TRADE_LIMIT_KINDS), z.literal('tradingOff')]),
  symbol: z.string().nullable().optional(),
  value: z.number().nullable().optional(),
  limitValue: z.number().optional(),
  /** value − limitValue (absent when the value is unbounded) */
  excess: z.number().optional(),
  order: orderSchema.optional(),
});

export const orderPreviewSchema = z.object({
  symbol: z.string(),
  quantity: z.number(),
  markPrice: z.number(),
  /** the symbol's price tick (PRICE_FILTER), null when the exchange gives none: a trigger moved by keys steps by it */
  tickSize: z.number().nullable().optional(),
  notional: z.number(),
  /** the account's position in the symbol now and after (signed base quantity) */
  positionBefore: z.number(),
  positionAfter: z.number(),
  riskCheck: riskCheckSchema,
  /** the switch that has trading off for the caller (only closing orders are taken), null when on */
  halt: z
    .object({ scope: z.enum(['firm', 'trader']), reason: z.string().nullable(), haltedBy: z.string(), haltedAt: z.number() })
    .nullable(),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

export const ordersContract = {
  placeOrder: oc
    .route({
      method: 'POST',
      summary:
        'Market or limit order on one of your sub-accounts (terminal): checked against the risk limits (412 names the limit), recorded, sent once per clientOrderId; an optional take-profit / stop-loss (price or % from entry) is attached once it fills',
    })
    .input(placeOrderInput)
    .output(orderSchema),
  previewOrder: oc
    .route({
      method: 'POST',
      summary: 'What an order would do: quantity, resulting position, leverage, margin, the risk check (terminal)',
    })
    .input(previewOrderInput)
    .output(orderPreviewSchema),
  listOrders: oc
    .route({ method: 'GET', summary: "Your orders, newest first; the risk team and admins may ask for a trader's" })
    .input(
      z
        .object({
          accountEmail: z.string().trim().toLowerCase().max(254).optional(),
          traderId: z.string().min(1).max(64).optional(),
          limit: z.number().int().min(1).max(500).default(100),
        })
        .default({ limit: 100 }),
    )
    .output(z.array(orderSchema)),
  streamOrders: oc
    .route({
      method: 'GET',
      summary:
        "Your orders' steps as they happen (event stream, keep-alive 5 s, resumable by id); the risk team and admins may follow a trader's",
    })
    .input(z.object({ traderId: z.string().min(1).max(64).optional() }).default({}))
    .output(eventIterator(unchecked(orderEventSchema))),
  cancelOrder: oc
    .route({
      method: 'POST',
      summary:
        'Cancel a resting order (or one whose outcome is unknown); its reservation leaves the pre-trade gate; a filled, refused or rejected order answers 409 CONFLICT',
    })
    .input(z.object({ clientOrderId: z.string().regex(CLIENT_ORDER_ID) }))
    .output(orderSchema),
  protectPosition: oc
    .route({
      method: 'POST',
      summary:
        'Add a take-profit and/or stop-loss to an open position: reduce-only conditional orders closing all of it at the mark trigger (terminal); each passes the pre-trade gate as a closer of the position, refused with 412 PRECONDITION_FAILED only where an order resting on it would then open it past a limit',
    })
    .input(protectPositionInput)
    .output(z.array(orderSchema)),
  moveProtection: oc
    .route({
      method: 'POST',
      summary:
        'Move a take-profit or stop-loss to a new trigger (terminal chart): checked like a new one, the old one canceled, the new one placed once per clientOrderId',
    })
    .input(moveProtectionInput)
    .output(orderSchema),
  cancelAllOrders: oc
    .route({
      method: 'POST',
      summary: 'Cancel every one of your resting orders on one sub-account, or in one symbol of it (terminal)',
    })
    .input(z.object({ accountEmail: z.string().trim().toLowerCase().max(254).pipe(z.email()), symbol: orderSymbol.optional() }))
    .output(z.array(orderSchema)),
  listOpenOrders: oc
    .route({
      method: 'GET',
      summary:
        "Resting orders, brought up to date with the exchange first; your own, the risk team and admins may ask for a trader's",
    })
    .input(
      z
        .object({
          accountEmail: z.string().trim().toLowerCase().max(254).optional(),
          traderId: z.string().min(1).max(64).optional(),
        })
        .default({}),
    )
    .output(z.array(orderSchema)),
  getTradingSwitches: oc
    .route({ method: 'GET', summary: 'The firm-wide and per-trader trading-off switches (risk team)' })
    .input(z.object({}).default({}))
    .output(tradingSwitchesSchema),
  setTradingEnabled: oc
    .route({
      method: 'POST',
      summary:
        'Turn trading off (only closing orders are taken) or on for one trader or the whole firm, at once; every switch is recorded with who and when (risk team)',
    })
    .input(
      z.object({
        traderId: z.string().min(1).max(64).nullable(),
        enabled: z.boolean(),
        reason: z.string().trim().max(500).optional(),
      }),
    )
    .output(tradingSwitchesSchema),
  setTradingKey: oc
    .route({
      method: 'POST',
      summary: "Set a Binance sub-account's own trading API key and secret, stored sealed; never returned (admin)",
    })
    .errors(INPUT_ERRORS)
    .input(setTradingKeyInput)
    .output(tradingKeyStatusSchema),
  clearTradingKey: oc
    .route({ method: 'POST', summary: "Remove a sub-account's trading key: its orders stop at once (admin)" })
    .input(z.object({ accountId: z.string().min(1).max(64) }))
    .output(tradingKeyStatusSchema),
};
