import { z } from 'zod';
import { epochMs, epochMsOrNull } from '../fields';
import { idSchema } from '../news-mappings';
import { UTC_FROM_TIME, UTC_TO_TIME } from '../patterns';
import { deletedSchema, mutation, query } from './define';
import { byIdInput, displayNameSchema } from './news-fields';
import { sourceSchema } from './news-sources';

/** '@Foo_Bar' → 'foo_bar': X handles are 1–15 letters, digits or underscores, case-insensitive. */
const handleSchema = z
  .string()
  .transform((value) => value.trim().replace(/^@/, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9_]{1,15}$/, 'A handle is 1–15 letters, digits or underscores'))
  .transform((handle) => handle.toLowerCase());

const handleFields = z.object({
  handle: handleSchema,
  /** The numeric X user id, when known (the poller resolves it otherwise). */
  userId: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'An X user id is a number')
    .nullable(),
  enabled: z.boolean(),
});

const sessionFields = z.object({
  name: displayNameSchema,
  handleIds: z
    .array(idSchema)
    .min(1, 'Pick at least one handle')
    .max(100)
    .transform((ids) => [...new Set(ids)]),
  /**
   * Seconds between polls, honoured to the second (a Durable Object alarm per session). Any whole
   * number of seconds the X plan's recent-search budget allows, all sessions together: a session
   * that would exceed it is refused (UNPROCESSABLE_CONTENT, see getXPollingBudget).
   */
  intervalSeconds: z.number().int().min(1, 'At least 1 second').max(86_400),
  /** 'HH:MM' UTC, inclusive. */
  activeFromUtc: z.string().regex(UTC_FROM_TIME, 'Use HH:MM (UTC), e.g. 08:30'),
  /** 'HH:MM' UTC, exclusive; '24:00' allowed; earlier than the start wraps midnight; equal means all day. */
  activeToUtc: z.string().regex(UTC_TO_TIME, 'Use HH:MM (UTC), e.g. 17:00'),
  enabled: z.boolean(),
});

export const twitterHandleSchema = z.strictObject({
  id: z.string(),
  /** Without '@', lower-case (X handles are case-insensitive, so 'Foo' and 'foo' are one handle). */
  handle: z.string(),
  /** The X user id once known (numeric string), else null. */
  userId: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: epochMs,
});

export const twitterPollingSessionSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** Ids of twitter handles (see getTwitterHandles). */
  handleIds: z.array(z.string()),
  intervalSeconds: z.number(),
  /** 'HH:MM' UTC, inclusive. */
  activeFromUtc: z.string(),
  /** 'HH:MM' UTC, exclusive ('24:00' allowed); earlier than activeFromUtc wraps midnight; equal means all day. */
  activeToUtc: z.string(),
  enabled: z.boolean(),
  lastPolledAt: epochMsOrNull,
  rateLimitedUntil: epochMsOrNull,
  lastError: z.string().nullable(),
  createdAt: epochMs,
});

/** What the polling sessions spend of the X plan's recent-search budget. */
export const xPollingBudgetSchema = z.strictObject({
  budget: z.strictObject({ requests: z.number(), windowSeconds: z.number(), note: z.string() }),
  /** Requests per window of all enabled sessions together. */
  used: z.number(),
  sessions: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      enabled: z.boolean(),
      intervalSeconds: z.number(),
      requestsPerPoll: z.number(),
      requestsPerWindow: z.number(),
    }),
  ),
});

/**
 * The X filtered stream (one per app): on or off, and the handles it follows. Their rules are kept
 * in step with this list by the stream's Durable Object.
 */
export const setXStreamInput = z
  .object({
    enabled: z.boolean(),
    handleIds: z
      .array(idSchema)
      .max(100)
      .transform((ids) => [...new Set(ids)]),
  })
  .strict();
export type SetXStreamInput = z.input<typeof setXStreamInput>;

export type XPollingBudgetDto = z.output<typeof xPollingBudgetSchema>;
export type TwitterHandleDto = z.output<typeof twitterHandleSchema>;
export type TwitterHandleFields = z.output<typeof handleFields>;
export type TwitterPollingSessionDto = z.output<typeof twitterPollingSessionSchema>;
export type TwitterPollingSessionFields = z.output<typeof sessionFields>;

export const newsTwitterServerFns = {
  getTwitterHandles: query(z.array(twitterHandleSchema)),
  createTwitterHandle: mutation(
    handleFields.extend({ userId: handleFields.shape.userId.default(null), enabled: z.boolean().default(true) }).strict(),
    twitterHandleSchema,
  ),
  updateTwitterHandle: mutation(
    z.object({ id: idSchema, updates: handleFields.partial().strict() }).strict(),
    twitterHandleSchema,
  ),
  /** Also takes the handle out of every polling session. */
  deleteTwitterHandle: mutation(byIdInput, deletedSchema),

  getTwitterPollingSessions: query(z.array(twitterPollingSessionSchema)),
  createTwitterPollingSession: mutation(
    sessionFields
      .extend({
        activeFromUtc: sessionFields.shape.activeFromUtc.default('00:00'),
        activeToUtc: sessionFields.shape.activeToUtc.default('24:00'),
        enabled: z.boolean().default(true),
      })
      .strict(),
    twitterPollingSessionSchema,
  ),
  updateTwitterPollingSession: mutation(
    z.object({ id: idSchema, updates: sessionFields.partial().strict() }).strict(),
    twitterPollingSessionSchema,
  ),
  deleteTwitterPollingSession: mutation(byIdInput, deletedSchema),
  /** The X plan's recent-search budget and what each polling session spends of it. */
  getXPollingBudget: query(xPollingBudgetSchema),
  /**
   * Switches the X filtered stream on or off and sets its handles (admin): posts arrive within a
   * second of X delivering them, and a gap is backfilled by recent search. Handles whose rules
   * exceed the plan's rule count are refused with UNPROCESSABLE_CONTENT on handleIds.
   */
  setXStream: mutation(setXStreamInput, sourceSchema),
};
