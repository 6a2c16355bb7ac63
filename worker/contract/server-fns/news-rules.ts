import { z } from 'zod';
import { epochMs } from '../fields';
import { IMPORTANCE } from '../enums';
import { idSchema, symbolSchema } from '../news-mappings';
import { deletedSchema, mutation, query } from './define';
import { byIdInput, sourceRefsSchema } from './news-fields';

/** The longest text (or regex source) a rule may match on. */
export const RULE_TEXT_MAX = 500;

const symbolList = z.array(symbolSchema).max(50);

/**
 * Shapes only; what makes a rule usable (a condition, an action, a safe regex) is the domain's
 * validateRule. Every condition given must hold.
 */
export const ruleConditionsSchema = z.strictObject({
  /** Source kinds (rss, twitter, …) or source ids; any of them. */
  sources: sourceRefsSchema.optional(),
  text: z.string().max(RULE_TEXT_MAX, `Text is too long (at most ${RULE_TEXT_MAX} characters)`).optional(),
  isRegex: z.boolean().optional(),
  caseSensitive: z.boolean().optional(),
  /** Any of the item's symbols. */
  symbols: symbolList.optional(),
  importanceAtLeast: z.enum(IMPORTANCE).optional(),
});

export const ruleActionsSchema = z.strictObject({
  importance: z.enum(IMPORTANCE).optional(),
  garbage: z.boolean().optional(),
  forwardToTelegram: z.boolean().optional(),
  /** Absent: follow the user's per-importance sound setting. */
  sound: z.boolean().optional(),
  addSymbols: symbolList.optional(),
  removeSymbols: symbolList.optional(),
});

const ruleFieldsSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(100),
  enabled: z.boolean(),
  /** Lower runs first. */
  priority: z.number().int().min(-1_000_000).max(1_000_000),
  conditions: ruleConditionsSchema,
  actions: ruleActionsSchema,
});

export const customRuleSchema = ruleFieldsSchema.extend({ id: z.string(), createdAt: epochMs, updatedAt: epochMs });

export type CustomRuleConditions = z.output<typeof ruleConditionsSchema>;
export type CustomRuleActions = z.output<typeof ruleActionsSchema>;
export type CustomRuleFields = z.output<typeof ruleFieldsSchema>;
export type CustomRuleDto = z.output<typeof customRuleSchema>;

export const rulePreviewItemSchema = z.strictObject({
  id: z.number(),
  ts: epochMs,
  title: z.string(),
  sourceId: z.string(),
  sourceKind: z.string(),
  symbols: z.array(z.string()),
  importance: z.enum(IMPORTANCE),
  isGarbage: z.boolean(),
  isTest: z.boolean(),
});

export const rulePreviewSchema = z.strictObject({
  /** Why the rule cannot run (invalid or unsafe regex); null when it ran. */
  error: z.string().nullable(),
  /** How many recent items were looked at. */
  tested: z.number(),
  matches: z.array(rulePreviewItemSchema),
});

export type RulePreviewItem = z.output<typeof rulePreviewItemSchema>;
export type RulePreview = z.output<typeof rulePreviewSchema>;

export const newsRulesServerFns = {
  /** Custom rules in the order the pipeline runs them. */
  getCustomRules: query(z.array(customRuleSchema)),
  createCustomRule: mutation(
    ruleFieldsSchema.extend({ enabled: z.boolean().default(true), priority: ruleFieldsSchema.shape.priority.default(100) }),
    customRuleSchema,
  ),
  /** Given fields replace the stored ones (conditions and actions as a whole). */
  updateCustomRule: mutation(z.strictObject({ id: idSchema, updates: ruleFieldsSchema.partial() }), customRuleSchema),
  deleteCustomRule: mutation(byIdInput, deletedSchema),
  /**
   * "Test this rule against recent news": which of the 200 newest items the conditions select.
   * Read-only, so every approved user may preview; the form's other fields are accepted and ignored.
   */
  testCustomRule: mutation(
    z.object({ rule: z.object({ conditions: ruleConditionsSchema, actions: ruleActionsSchema.optional() }) }),
    rulePreviewSchema,
  ),
};
