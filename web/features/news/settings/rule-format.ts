import { RULE_REGEX_MAX } from '@contract/patterns';
import { IMPORTANCE_LABEL } from '~/shared/news/news-format';
import type { CustomRuleActions, CustomRuleConditions, CustomRuleFields } from '@contract/server-fns/news-rules';

/** Plain-language pieces of a rule for the table (conditions are ANDed). */
export function describeConditions(c: CustomRuleConditions): string[] {
  const parts: string[] = [];
  if (c.sources?.length) parts.push(`source ${c.sources.join(' or ')}`);
  if (c.text?.trim()) {
    const flags = [c.isRegex ? 'regex' : null, c.caseSensitive ? 'case-sensitive' : null].filter(Boolean).join(', ');
    parts.push(`${c.isRegex ? 'matches' : 'contains'} “${c.text}”${flags ? ` (${flags})` : ''}`);
  }
  if (c.symbols?.length) parts.push(`symbol ${c.symbols.join(' or ')}`);
  if (c.importanceAtLeast) parts.push(`importance ≥ ${IMPORTANCE_LABEL[c.importanceAtLeast]}`);
  return parts;
}

export function describeActions(a: CustomRuleActions): string[] {
  const parts: string[] = [];
  if (a.importance) parts.push(`→ ${IMPORTANCE_LABEL[a.importance]}`);
  if (a.garbage !== undefined) parts.push(a.garbage ? 'Mark garbage' : 'Not garbage');
  if (a.forwardToTelegram !== undefined) parts.push(a.forwardToTelegram ? 'Forward to Telegram' : 'Do not forward');
  if (a.sound !== undefined) parts.push(a.sound ? 'Sound' : 'Silent');
  if (a.addSymbols?.length) parts.push(`+${a.addSymbols.join(' +')}`);
  if (a.removeSymbols?.length) parts.push(`−${a.removeSymbols.join(' −')}`);
  return parts;
}

/**
 * The checks of the server's validateRule that the form can make before saving (the server runs
 * patterns on RE2, so it also refuses lookarounds, backreferences and very large counted repeats).
 */
export function ruleProblems(rule: CustomRuleFields): Record<string, string> {
  const errors: Record<string, string> = {};
  const c = rule.conditions;
  const text = c.text ?? '';
  const hasCondition = !!(c.sources?.length || text.trim() || c.symbols?.length || c.importanceAtLeast);
  if (!hasCondition) errors.conditions = 'Add at least one condition (source, text, symbols or minimum importance)';
  if (c.isRegex && text) {
    if (text.length > RULE_REGEX_MAX) errors.text = `At most ${RULE_REGEX_MAX} characters for a regular expression`;
    else {
      try {
        new RegExp(text);
      } catch (error) {
        errors.text = `Invalid regular expression: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
  }
  const a = rule.actions;
  const hasAction = !!(
    a.importance ||
    a.garbage !== undefined ||
    a.forwardToTelegram !== undefined ||
    a.sound !== undefined ||
    a.addSymbols?.length ||
    a.removeSymbols?.length
  );
  if (!hasAction) errors.actions = 'Add at least one action';
  return errors;
}

/** Drops empty lists and blank text so the stored rule only says what it means. */
export function compactRule(rule: CustomRuleFields): CustomRuleFields {
  const c: CustomRuleConditions = {};
  const { conditions, actions } = rule;
  if (conditions.sources?.length) c.sources = conditions.sources;
  if (conditions.text?.trim()) {
    c.text = conditions.isRegex ? conditions.text : conditions.text.trim();
    if (conditions.isRegex) c.isRegex = true;
    if (conditions.caseSensitive) c.caseSensitive = true;
  }
  if (conditions.symbols?.length) c.symbols = conditions.symbols;
  if (conditions.importanceAtLeast) c.importanceAtLeast = conditions.importanceAtLeast;
  const a: CustomRuleActions = {};
  if (actions.importance) a.importance = actions.importance;
  if (actions.garbage !== undefined) a.garbage = actions.garbage;
  if (actions.forwardToTelegram !== undefined) a.forwardToTelegram = actions.forwardToTelegram;
  if (actions.sound !== undefined) a.sound = actions.sound;
  if (actions.addSymbols?.length) a.addSymbols = actions.addSymbols;
  if (actions.removeSymbols?.length) a.removeSymbols = actions.removeSymbols;
  return { name: rule.name.trim(), enabled: rule.enabled, priority: rule.priority, conditions: c, actions: a };
}
