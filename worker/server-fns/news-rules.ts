import { z } from 'zod';
import { IMPORTANCE } from '../db/schema/news';
import {
  createCustomRule as addRule,
  deleteCustomRule as removeRule,
  listCustomRules,
  previewCustomRule,
  updateCustomRule as changeRule,
} from '../domains/news/settings/rule-store';
import { MAX_TEXT_LENGTH } from '../domains/news/tagging/custom-rules';
import { idSchema, symbolSchema } from '../contract/news-mappings';
import { defineServerFn, noInput } from './define';

const symbolList = z.array(symbolSchema).max(50);

/** Shapes only; what makes a rule usable (a condition, an action, a safe regex) is validateRule's job. */
const conditionsSchema = z
  .object({
    /** Source kinds (rss, twitter, …) or source ids; any of them. */
    sources: z.array(z.string().trim().min(1).max(100)).max(50),
    text: z.string().max(MAX_TEXT_LENGTH, `Text is too long (at most ${MAX_TEXT_LENGTH} characters)`),
    isRegex: z.boolean(),
    caseSensitive: z.boolean(),
    symbols: symbolList,
    importanceAtLeast: z.enum(IMPORTANCE),
  })
  .partial()
  .strict();

const actionsSchema = z
  .object({
    importance: z.enum(IMPORTANCE),
    garbage: z.boolean(),
    forwardToTelegram: z.boolean(),
    sound: z.boolean(),
    addSymbols: symbolList,
    removeSymbols: symbolList,
  })
  .partial()
  .strict();

const ruleFields = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  enabled: z.boolean(),
  /** Lower runs first. */
  priority: z.number().int().min(-1_000_000).max(1_000_000),
  conditions: conditionsSchema,
  actions: actionsSchema,
});

/** Custom rules in the order the pipeline runs them. */
export const getCustomRules = defineServerFn({
  method: 'GET',
  access: 'approved',
  input: noInput,
  handler: ({ ctx }) => listCustomRules(ctx.db),
});

export const createCustomRule = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: ruleFields.extend({ enabled: z.boolean().default(true), priority: ruleFields.shape.priority.default(100) }).strict(),
  handler: ({ input, ctx }) => addRule(ctx.db, input),
});

export const updateCustomRule = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: z.object({ id: idSchema, updates: ruleFields.partial().strict() }).strict(),
  handler: ({ input, ctx }) => changeRule(ctx.db, input.id, input.updates),
});

export const deleteCustomRule = defineServerFn({
  method: 'POST',
  access: 'admin',
  input: z.object({ id: idSchema }).strict(),
  handler: ({ input, ctx }) => removeRule(ctx.db, input.id),
});

/**
 * "Test this rule against recent news": which of the 200 newest items the conditions select.
 * Read-only, so every approved user may preview; the form's other fields are accepted and ignored.
 */
export const testCustomRule = defineServerFn({
  method: 'POST',
  access: 'approved',
  input: z.object({ rule: z.object({ conditions: conditionsSchema, actions: actionsSchema.optional() }) }),
  handler: ({ input, ctx }) => previewCustomRule(ctx.db, input.rule),
});
