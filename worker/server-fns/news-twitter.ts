import { z } from 'zod';
import {
  createTwitterHandle as addHandle,
  deleteTwitterHandle as removeHandle,
  listTwitterHandles,
  updateTwitterHandle as changeHandle,
} from '../domains/news/settings/twitter-handles';
import {
  createTwitterPollingSession as addSession,
  deleteTwitterPollingSession as removeSession,
  listTwitterPollingSessions,
  updateTwitterPollingSession as changeSession,
} from '../domains/news/settings/twitter-sessions';
import { idSchema } from '../contract/news-mappings';
import { defineServerFn, noInput } from './define';
import { displayNameSchema } from './news-schemas';

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

const FROM_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const TO_TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

const sessionFields = z.object({
  name: displayNameSchema,
  handleIds: z
    .array(idSchema)
    .min(1, 'Pick at least one handle')
    .max(100)
    .transform((ids) => [...new Set(ids)]),
  intervalSeconds: z.number().int().min(15, 'Poll at most every 15 seconds').max(86_400),
  /** 'HH:MM' UTC, inclusive. */
  activeFromUtc: z.string().regex(FROM_TIME, 'Use HH:MM (UTC), e.g. 08:30'),
  /** 'HH:MM' UTC, exclusive; '24:00' allowed; earlier than the start wraps midnight; equal means all day. */
  activeToUtc: z.string().regex(TO_TIME, 'Use HH:MM (UTC), e.g. 17:00'),
  enabled: z.boolean(),
});

export const getTwitterHandles = defineServerFn({
  method: 'GET',
  access: 'approved',
  input: noInput,
  handler: ({ ctx }) => listTwitterHandles(ctx.db),
});

export const createTwitterHandle = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: handleFields.extend({ userId: handleFields.shape.userId.default(null), enabled: z.boolean().default(true) }).strict(),
  handler: ({ input, ctx }) => addHandle(ctx.db, input),
});

export const updateTwitterHandle = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: z.object({ id: idSchema, updates: handleFields.partial().strict() }).strict(),
  handler: ({ input, ctx }) => changeHandle(ctx.db, input.id, input.updates),
});

/** Also takes the handle out of every polling session. */
export const deleteTwitterHandle = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: z.object({ id: idSchema }).strict(),
  handler: ({ input, ctx }) => removeHandle(ctx.db, input.id),
});

export const getTwitterPollingSessions = defineServerFn({
  method: 'GET',
  access: 'approved',
  input: noInput,
  handler: ({ ctx }) => listTwitterPollingSessions(ctx.db),
});

export const createTwitterPollingSession = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: sessionFields
    .extend({
      activeFromUtc: sessionFields.shape.activeFromUtc.default('00:00'),
      activeToUtc: sessionFields.shape.activeToUtc.default('24:00'),
      enabled: z.boolean().default(true),
    })
    .strict(),
  handler: ({ input, ctx }) => addSession(ctx.db, input),
});

export const updateTwitterPollingSession = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: z.object({ id: idSchema, updates: sessionFields.partial().strict() }).strict(),
  handler: ({ input, ctx }) => changeSession(ctx.db, input.id, input.updates),
});

export const deleteTwitterPollingSession = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: z.object({ id: idSchema }).strict(),
  handler: ({ input, ctx }) => removeSession(ctx.db, input.id),
});
