import { RE2JS } from 're2js';
import { RULE_REGEX_MAX } from '../../../contract/patterns';

/**
 * User-written rule patterns run on RE2 (re2js): matching time is linear in the text, so no
 * pattern can backtrack catastrophically ((a+)+$, (.|.)*X, (\w|\d)+$ are all safe). Linear still
 * has a constant: a pattern's compiled program size times the text length. The Workers clock
 * does not advance during synchronous work, so the "time budget" is counted in that unit.
 */
export const MAX_REGEX_LENGTH = RULE_REGEX_MAX;
/** Compiled program size allowed (".{0,1000}.{0,1000}x" is about 4000 and takes minutes on 200 headlines). */
export const MAX_REGEX_PROGRAM = 600;
/**
 * Work one call may spend on regex matching (program size × characters scanned), about half a
 * second in the worst case measured (~40 ns a unit): a preview of 200 stored headlines or one ingested headline
 * against every admin rule.
 */
export const REGEX_WORK_BUDGET = 20_000_000;

export interface RuleRegex {
  test(text: string): boolean;
  /** Work units one character of text costs. */
  readonly cost: number;
}

/** Work left in one call; `exhausted` once a match could not run because it would overspend. */
export class RegexBudget {
  exhausted = false;
  constructor(public remaining = REGEX_WORK_BUDGET) {}

  /** Spends the work of matching `text`; false (and exhausted) when it would go over. */
  spend(regex: RuleRegex, text: string): boolean {
    const work = regex.cost * Math.max(1, text.length);
    if (work > this.remaining) {
      this.exhausted = true;
      return false;
    }
    this.remaining -= work;
    return true;
  }
}

function compile(pattern: string, caseSensitive: boolean): RuleRegex | string {
  if (pattern.length > MAX_REGEX_LENGTH) return `Regular expression is too long (at most ${MAX_REGEX_LENGTH} characters)`;
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    return `Invalid regular expression: ${error instanceof Error ? error.message : String(error)}`;
  }
  const cost = re.programSize();
  if (cost > MAX_REGEX_PROGRAM) {
    return 'Regular expression is too complex (large counted repeats like .{0,1000}); simplify it';
  }
  return { test: (text) => re.test(text), cost };
}

/** Why a pattern cannot be used, or null when it can. */
export function regexProblem(pattern: string): string | null {
  const compiled = compile(pattern, false);
  return typeof compiled === 'string' ? compiled : null;
}

const CACHE_LIMIT = 500;
const cache = new Map<string, RuleRegex | null>();

/** The compiled matcher, or null when the pattern is invalid or too large (never throws). */
export function compileRuleRegex(pattern: string, caseSensitive = false): RuleRegex | null {
  const key = `${caseSensitive ? '' : 'i'}/${pattern}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const compiled = compile(pattern, caseSensitive);
  const regex = typeof compiled === 'string' ? null : compiled;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, regex);
  return regex;
}
