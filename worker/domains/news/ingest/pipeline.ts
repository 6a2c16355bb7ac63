import { applyBannedMappings } from '../tagging/banned-mappings';
import { applyCustomRules, ruleMatches, type RuleSubject } from '../tagging/custom-rules';
import { RegexBudget, regexProblem } from '../tagging/rule-regex';
import { dedupKey } from './dedupe';
import { defaultImportance } from '../tagging/importance';
import { normaliseRawNews } from './normalise';
import { tagSymbols } from '../tagging/special-mappings';
import { matchText } from '../tagging/text-match';
import type { Importance } from '../../../contract/enums';
import type { ClassifyConfig, CustomRule, NewsItemDraft, NormalisedNews, RawNewsItem } from '../types';

/** The item as it moves through the steps; importance stays null until a rule or the default sets it. */
export type Working = Omit<NewsItemDraft, 'importance'> & { importance: Importance | null };

export type Step = (item: Working, config: ClassifyConfig) => Working;

/** Starting state: nothing tagged, not garbage, no Telegram forward, sound left to the user. */
export function startClassification(item: NormalisedNews): Working {
  return {
    ...item,
    symbols: [],
    importance: null,
    isGarbage: false,
    dedupKey: dedupKey(item),
    forwardToTelegram: false,
    sound: null,
    metadata: { matchedSpecialMappings: [], bannedBy: [], matchedRules: [] },
  };
}

export const specialMappingStep: Step = (item, config) => {
  const { symbols, matchedSpecialMappings } = tagSymbols(matchText(item), config.specialMappings, config.knownSymbols);
  return { ...item, symbols, metadata: { ...item.metadata, matchedSpecialMappings } };
};

export const bannedMappingStep: Step = (item, config) => {
  const { symbols, isGarbage, bannedBy } = applyBannedMappings(
    matchText(item),
    item.symbols,
    config.bannedMappings,
    item.isGarbage,
  );
  return { ...item, symbols, isGarbage, metadata: { ...item.metadata, bannedBy } };
};

export const customRuleStep: Step = (item, config) => {
  const outcome = applyCustomRules(item, config.customRules);
  return {
    ...item,
    symbols: outcome.symbols,
    isGarbage: outcome.isGarbage,
    importance: outcome.importance ?? item.importance,
    forwardToTelegram: outcome.forwardToTelegram,
    sound: outcome.sound,
    metadata: { ...item.metadata, matchedRules: outcome.matchedRules },
  };
};

/** Fills in the default importance (see importance.ts) when no rule set one. */
export const importanceStep: Step = (item) => ({ ...item, importance: item.importance ?? defaultImportance(item) });

export const STEPS: readonly Step[] = [specialMappingStep, bannedMappingStep, customRuleStep, importanceStep];

/**
 * normalise → special mappings → banned mappings → custom rules → default importance.
 * Returns null when the item has no usable title. Pure: duplicates are checked by the caller
 * with `isDuplicate` against recently stored keys.
 */
export function classify(raw: RawNewsItem, config: ClassifyConfig): NewsItemDraft | null {
  const normalised = normaliseRawNews(raw);
  return normalised && classifyNormalised(normalised, config);
}

/** classify for an item already normalised (ingest.ts normalises first, to check duplicates beside the config read). */
export function classifyNormalised(normalised: NormalisedNews, config: ClassifyConfig): NewsItemDraft {
  const done = STEPS.reduce((item, step) => step(item, config), startClassification(normalised));
  return { ...done, importance: done.importance ?? defaultImportance(done) };
}

export interface RuleTestResult<T> {
  /** Why the rule cannot run (invalid regex) or stopped early (work budget spent); null when it ran. */
  error: string | null;
  /** How many of the items were judged (fewer than given when the budget ran out). */
  tested: number;
  matches: T[];
}

/**
 * Preview for "test this rule against recent news": which of the given stored items the rule's
 * conditions select, ignoring `enabled`. Items are judged on their stored symbols and importance,
 * i.e. after the whole pipeline, whereas in the pipeline a rule sees the state at its turn.
 * An invalid regex yields the validation message and no matches instead of throwing; the whole
 * preview shares one regex work budget and stops where it runs out.
 */
export function testRuleAgainst<T extends RuleSubject>(rule: CustomRule, recentItems: readonly T[]): RuleTestResult<T> {
  const text = rule.conditions?.text;
  const error = rule.conditions?.isRegex && typeof text === 'string' && text ? regexProblem(text) : null;
  if (error) return { error, tested: 0, matches: [] };
  const budget = new RegexBudget();
  const matches: T[] = [];
  let tested = 0;
  for (const item of recentItems) {
    const matched = ruleMatches(rule, item, budget);
    if (budget.exhausted) {
      const stopped = `The pattern is too costly to run on all ${recentItems.length} items; stopped after ${tested}. Simplify it`;
      return { error: stopped, tested, matches };
    }
    tested++;
    if (matched) matches.push(item);
  }
  return { error: null, tested, matches };
}
