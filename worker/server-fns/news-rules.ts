import { newsRulesServerFns } from '../contract/server-fns/news-rules';
import * as rules from '../domains/news/settings/rule-store';
import { adminFn, approvedFn, implementServerFns } from './define';
import { createNewsDb } from '../db/client';

export const newsRulesFns = implementServerFns(newsRulesServerFns, {
  getCustomRules: approvedFn(({ ctx }) => rules.listCustomRules(ctx.db)),
  createCustomRule: adminFn(({ input, ctx }) => rules.createCustomRule(ctx.db, input)),
  updateCustomRule: adminFn(({ input, ctx }) => rules.updateCustomRule(ctx.db, input.id, input.updates)),
  deleteCustomRule: adminFn(({ input, ctx }) => rules.deleteCustomRule(ctx.db, input.id)),
  // Read-only, so every approved user may preview a rule before an admin saves it.
  testCustomRule: approvedFn(({ input, ctx }) => rules.previewCustomRule(createNewsDb(ctx.c.env.NEWS_DB), input.rule)),
});
