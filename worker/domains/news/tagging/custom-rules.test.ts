import { describe, expect, it } from 'vitest';
import {
  applyCustomRules,
  orderRules,
  ruleMatches,
  validateRule,
  type RuleSubject,
} from './custom-rules';
import { compileRuleRegex, RegexBudget, regexProblem } from './rule-regex';
import type { CustomRule } from '../types';

const rule = (over: Partial<CustomRule> = {}): CustomRule => ({
  id: 'r1',
  name: 'Rule',
  enabled: true,
  priority: 100,
  conditions: { text: 'hack' },
  actions: { importance: 'critical' },
  ...over,
});
const subject = (over: Partial<RuleSubject> = {}): RuleSubject => ({
  title: 'Exchange hacked overnight',
  sourceId: 'src-wire',
  sourceKind: 'twitter',
  symbols: ['BTC'],
  ...over,
});

describe('regex safety (RE2: linear time)', () => {
  // Each of these backtracks exponentially in JavaScript's engine: 2^40 steps would never finish.
  it.each([
    ['(\\w|\\d)+$', '1'.repeat(40) + '!', false],
    ['(.|.)*X', 'a'.repeat(40), false],
    ['(a+)+$', 'a'.repeat(40) + '!', false],
    ['(\\w+\\s?)+$', 'word '.repeat(30) + '!', false],
    ['(x*)*', 'xxxx', true],
  ])('%s runs in linear time', (pattern, text, expected) => {
    expect(regexProblem(pattern)).toBeNull();
    expect(compileRuleRegex(pattern)?.test(text.repeat(100))).toBe(expected);
  });

  it('refuses long, huge or invalid patterns without throwing', () => {
    expect(compileRuleRegex('x'.repeat(201))).toBeNull();
    expect(compileRuleRegex('.{0,1000}.{0,1000}x')).toBeNull();
    expect(regexProblem('.{0,1000}.{0,1000}x')).toMatch(/too complex/);
    expect(compileRuleRegex('([unclosed')).toBeNull();
    expect(compileRuleRegex('(?=lookahead)')).toBeNull();
    expect(compileRuleRegex('hack(ed)?')?.test('HACKED')).toBe(true);
    expect(compileRuleRegex('hack(ed)?', true)?.test('HACKED')).toBe(false);
  });

  it('stops matching once the call\'s work budget is spent', () => {
    const budget = new RegexBudget(1000);
    const regex = compileRuleRegex('abc')!;
    expect(budget.spend(regex, 'x'.repeat(10))).toBe(true);
    expect(budget.spend(regex, 'x'.repeat(1000))).toBe(false);
    expect(budget.exhausted).toBe(true);
    const r = rule({ conditions: { text: 'hack', isRegex: true } });
    expect(ruleMatches(r, subject(), new RegexBudget(1))).toBe(false);
    expect(ruleMatches(r, subject())).toBe(true);
  });
});

describe('validateRule', () => {
  it('accepts a sound rule', () => {
    expect(validateRule(rule())).toBeNull();
    expect(validateRule(rule({ conditions: { text: '\\bSEC\\b', isRegex: true } }))).toBeNull();
  });
  it.each([
    [rule({ name: '  ' }), 'Name is required'],
    [rule({ priority: Number.NaN }), 'Priority must be a number'],
    [rule({ conditions: {} }), 'Add at least one condition (source, text, symbols or minimum importance)'],
    [rule({ conditions: { sources: [], symbols: [''], text: ' ' } }), 'Add at least one condition'],
    [rule({ conditions: { text: 'x'.repeat(201), isRegex: true } }), 'Regular expression is too long (at most 200 characters)'],
    [rule({ conditions: { text: 'x.{0,999}y.{0,999}z', isRegex: true } }), 'too complex'],
    [rule({ conditions: { text: '([', isRegex: true } }), 'Invalid regular expression:'],
    [rule({ conditions: { text: 'x'.repeat(501) } }), 'Text is too long (at most 500 characters)'],
    [rule({ conditions: { importanceAtLeast: 'urgent' as never } }), 'Minimum importance must be one of'],
    [rule({ actions: { importance: 'huge' as never } }), 'Importance must be one of'],
    [rule({ actions: { addSymbols: [] } }), 'Add at least one action'],
  ])('%#: %s', (r, message) => {
    expect(validateRule(r)).toContain(message);
  });
  it('allows a long plain-text condition up to 500 characters', () => {
    expect(validateRule(rule({ conditions: { text: 'x'.repeat(300) } }))).toBeNull();
  });
});

describe('conditions', () => {
  it('matches plain text case-insensitively by default, case-sensitively on request', () => {
    expect(ruleMatches(rule({ conditions: { text: 'HACKED' } }), subject())).toBe(true);
    expect(ruleMatches(rule({ conditions: { text: 'HACKED', caseSensitive: true } }), subject())).toBe(false);
    expect(ruleMatches(rule({ conditions: { text: 'drained' } }), subject({ body: 'Funds drained' }))).toBe(true);
  });
  it('matches regexes; an invalid or unsafe regex never matches and never throws', () => {
    expect(ruleMatches(rule({ conditions: { text: 'hack(ed|s)', isRegex: true } }), subject())).toBe(true);
    expect(ruleMatches(rule({ conditions: { text: '^exchange', isRegex: true, caseSensitive: true } }), subject())).toBe(false);
    expect(ruleMatches(rule({ conditions: { text: '([', isRegex: true } }), subject())).toBe(false);
    expect(ruleMatches(rule({ conditions: { text: '(\\w+\\s?)+$', isRegex: true } }), subject())).toBe(true);
  });
  it('matches sources by kind or id', () => {
    expect(ruleMatches(rule({ conditions: { sources: ['rss', 'twitter'] } }), subject())).toBe(true);
    expect(ruleMatches(rule({ conditions: { sources: ['src-wire'] } }), subject())).toBe(true);
    expect(ruleMatches(rule({ conditions: { sources: ['telegram'] } }), subject())).toBe(false);
  });
  it('matches any of the symbols, case-insensitively', () => {
    expect(ruleMatches(rule({ conditions: { symbols: ['eth', 'btc'] } }), subject())).toBe(true);
    expect(ruleMatches(rule({ conditions: { symbols: ['ETH'] } }), subject())).toBe(false);
  });
  it('compares minimum importance with the current or default importance', () => {
    expect(ruleMatches(rule({ conditions: { importanceAtLeast: 'high' } }), subject())).toBe(true); // "hacked" → high
    expect(ruleMatches(rule({ conditions: { importanceAtLeast: 'high' } }), subject({ title: 'BTC flat' }))).toBe(false);
    expect(ruleMatches(rule({ conditions: { importanceAtLeast: 'high' } }), subject({ importance: 'critical' }))).toBe(true);
  });
  it('ANDs the conditions', () => {
    const both = rule({ conditions: { text: 'hack', sources: ['rss'] } });
    expect(ruleMatches(both, subject())).toBe(false);
    expect(ruleMatches(both, subject({ sourceKind: 'rss' }))).toBe(true);
  });
});

describe('applyCustomRules', () => {
  const base = {
    title: 'Exchange hacked overnight',
    sourceId: 's',
    sourceKind: 'twitter' as const,
    symbols: ['BTC'],
    isGarbage: false,
  };

  it('skips disabled rules and orders by priority, keeping ties in order', () => {
    const rules = [
      rule({ id: 'c', priority: 5 }),
      rule({ id: 'a', priority: 1 }),
      rule({ id: 'off', priority: 0, enabled: false }),
      rule({ id: 'b', priority: 5 }),
    ];
    expect(orderRules(rules).map((r) => r.id)).toEqual(['a', 'c', 'b']);
  });

  it('lets later rules override importance, garbage, forwarding and sound', () => {
    const out = applyCustomRules(base, [
      rule({ id: 'late', priority: 2, actions: { importance: 'medium', garbage: false, sound: false } }),
      rule({
        id: 'early',
        priority: 1,
        actions: { importance: 'critical', garbage: true, forwardToTelegram: true, sound: true },
      }),
    ]);
    expect(out).toEqual({
      symbols: ['BTC'],
      isGarbage: false,
      importance: 'medium',
      forwardToTelegram: true,
      sound: false,
      matchedRules: ['early', 'late'],
    });
  });

  it('adds then removes symbols, and later rules see the edited symbols', () => {
    const out = applyCustomRules(base, [
      rule({ id: 'add', priority: 1, actions: { addSymbols: ['eth', 'sol'], removeSymbols: ['BTC'] } }),
      rule({ id: 'on-eth', priority: 2, conditions: { symbols: ['ETH'] }, actions: { removeSymbols: ['sol'] } }),
      rule({ id: 'on-btc', priority: 3, conditions: { symbols: ['BTC'] }, actions: { importance: 'critical' } }),
    ]);
    expect(out.symbols).toEqual(['ETH']);
    expect(out.matchedRules).toEqual(['add', 'on-eth']);
    expect(out.importance).toBeNull();
  });

  it('leaves everything as is when no rule matches', () => {
    expect(applyCustomRules({ ...base, title: 'calm' }, [rule()])).toEqual({
      symbols: ['BTC'],
      isGarbage: false,
      importance: null,
      forwardToTelegram: false,
      sound: null,
      matchedRules: [],
    });
  });

  it('survives malformed stored rules', () => {
    const broken = rule({ conditions: { sources: 'rss' as never, text: 42 as never }, actions: { addSymbols: 'X' as never } });
    expect(() => applyCustomRules(base, [broken])).not.toThrow();
  });
});
