import { RULE_TEXT_MAX } from '../../../contract/server-fns/news-rules';
import { defaultImportance, importanceAtLeast } from './importance';
import { cleanSymbols, matchText } from './text-match';
import { isImportance, type Importance, type SourceKind } from '../../../contract/enums';
import type { CustomRule } from '../types';
import { compileRuleRegex, RegexBudget, regexProblem } from './rule-regex';

/** What a rule's conditions look at. */
export interface RuleSubject {
  title: string;
  body?: string;
  sourceId: string;
  sourceKind: SourceKind;
  symbols: readonly string[];
  /** Current importance; when absent the default importance of the subject is used. */
  importance?: Importance | null;
}

export interface RulesOutcome {
  symbols: string[];
  isGarbage: boolean;
  /** Set by the last matching rule that sets it; null when no rule did. */
  importance: Importance | null;
  forwardToTelegram: boolean;
  sound: boolean | null;
  matchedRules: string[];
}

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];

/** A message for the settings form, or null when the rule can be saved. */
export function validateRule(rule: CustomRule): string | null {
  if (typeof rule.name !== 'string' || !rule.name.trim()) return 'Name is required';
  if (typeof rule.priority !== 'number' || !Number.isFinite(rule.priority)) return 'Priority must be a number';
  const { conditions = {}, actions = {} } = rule;
  const text = typeof conditions.text === 'string' ? conditions.text : '';
  const hasCondition =
    list(conditions.sources).length > 0 ||
    text.trim() !== '' ||
    list(conditions.symbols).length > 0 ||
    conditions.importanceAtLeast !== undefined;
  if (!hasCondition) return 'Add at least one condition (source, text, symbols or minimum importance)';
  if (conditions.isRegex && text) {
    const problem = regexProblem(text);
    if (problem) return problem;
  } else if (text.length > RULE_TEXT_MAX) {
    return `Text is too long (at most ${RULE_TEXT_MAX} characters)`;
  }
  if (conditions.importanceAtLeast !== undefined && !isImportance(conditions.importanceAtLeast)) {
    return 'Minimum importance must be one of critical, high, medium, low';
  }
  if (actions.importance !== undefined && !isImportance(actions.importance)) {
    return 'Importance must be one of critical, high, medium, low';
  }
  const hasAction =
    actions.importance !== undefined ||
    typeof actions.garbage === 'boolean' ||
    typeof actions.forwardToTelegram === 'boolean' ||
    typeof actions.sound === 'boolean' ||
    list(actions.addSymbols).length > 0 ||
    list(actions.removeSymbols).length > 0;
  if (!hasAction) return 'Add at least one action';
  return null;
}

/**
 * Whether all of the rule's conditions hold (AND; an empty or absent condition is ignored).
 * `enabled` is not looked at here. An invalid regex, or one the call's budget cannot pay for,
 * simply does not match.
 */
export function ruleMatches(rule: CustomRule, subject: RuleSubject, budget = new RegexBudget()): boolean {
  const conditions = rule.conditions ?? {};

  const sources = list(conditions.sources).map((s) => s.trim().toLowerCase());
  if (sources.length && !sources.includes(subject.sourceId.toLowerCase()) && !sources.includes(subject.sourceKind)) {
    return false;
  }

  const symbols = cleanSymbols(list(conditions.symbols));
  if (symbols.length && !subject.symbols.some((s) => symbols.includes(s.toUpperCase()))) return false;

  if (conditions.importanceAtLeast !== undefined) {
    if (!isImportance(conditions.importanceAtLeast)) return false;
    const current = subject.importance ?? defaultImportance(subject);
    if (!importanceAtLeast(current, conditions.importanceAtLeast)) return false;
  }

  const text = typeof conditions.text === 'string' ? conditions.text : '';
  if (text.trim()) {
    const haystack = matchText(subject);
    if (conditions.isRegex) {
      const regex = compileRuleRegex(text, conditions.caseSensitive === true);
      if (!regex || !budget.spend(regex, haystack) || !regex.test(haystack)) return false;
    } else {
      const needle = text.normalize('NFKC').trim();
      const found = conditions.caseSensitive ? haystack.includes(needle) : haystack.toLowerCase().includes(needle.toLowerCase());
      if (!found) return false;
    }
  }
  return true;
}

/** Enabled rules, lowest priority number first; equal priorities keep their given order. */
export function orderRules(rules: readonly CustomRule[]): CustomRule[] {
  const rank = (rule: CustomRule) => (Number.isFinite(rule.priority) ? rule.priority : Number.POSITIVE_INFINITY);
  return rules.filter((rule) => rule.enabled).sort((a, b) => rank(a) - rank(b));
}

/**
 * Runs enabled rules in priority order. Each matching rule's actions apply in turn: importance,
 * garbage, forwardToTelegram and sound are overwritten by later rules; addSymbols then
 * removeSymbols edit the symbol list, and later rules see the edited list (and the importance so
 * far) in their conditions.
 */
export function applyCustomRules(
  subject: Omit<RuleSubject, 'importance'> & { isGarbage: boolean },
  rules: readonly CustomRule[],
): RulesOutcome {
  const outcome: RulesOutcome = {
    symbols: [...subject.symbols],
    isGarbage: subject.isGarbage,
    importance: null,
    forwardToTelegram: false,
    sound: null,
    matchedRules: [],
  };
  const budget = new RegexBudget();
  for (const rule of orderRules(rules)) {
    if (!ruleMatches(rule, { ...subject, symbols: outcome.symbols, importance: outcome.importance }, budget)) continue;
    outcome.matchedRules.push(rule.id);
    const actions = rule.actions ?? {};
    if (isImportance(actions.importance)) outcome.importance = actions.importance;
    if (typeof actions.garbage === 'boolean') outcome.isGarbage = actions.garbage;
    if (typeof actions.forwardToTelegram === 'boolean') outcome.forwardToTelegram = actions.forwardToTelegram;
    if (typeof actions.sound === 'boolean') outcome.sound = actions.sound;
    const added = cleanSymbols(list(actions.addSymbols));
    const removed = cleanSymbols(list(actions.removeSymbols));
    outcome.symbols = cleanSymbols([...outcome.symbols, ...added]).filter((s) => !removed.includes(s));
  }
  return outcome;
}
