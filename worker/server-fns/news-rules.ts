import { newsRulesServerFns } from '../contract/server-fns/news-rules';
import {
  createCustomRule,
  deleteCustomRule,
  listCustomRules,
  previewCustomRule,
  updateCustomRule,
} from '../domains/news/settings/rule-store';
import { adminFn, approvedFn, implementServerFns } from './define';
import { createNewsDb } from '../db/client';

export const newsRulesFns = implementServerFns(newsRulesServerFns, {
  getCustomRules: approvedFn(({ ctx }) => listCustomRules(ctx.db)),
  createCustomRule: adminFn(({ input, ctx }) => createCustomRule(ctx.db, input)),
  updateCustomRule: adminFn(({ input, ctx }) => updateCustomRule(ctx.db, input.id, input.updates)),
  deleteCustomRule: adminFn(({ input, ctx }) => deleteCustomRule(ctx.db, input.id)),
  // Read-only, so every approved user may preview a rule before an admin saves it.
  testCustomRule: approvedFn(({ input, ctx }) => previewCustomRule(createNewsDb(ctx.c.env.NEWS_DB), input.rule)),
});
