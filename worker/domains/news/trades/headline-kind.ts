import type { HeadlineKind } from '../../../contract/enums';

/**
 * What a headline is about, from its title alone: keyword patterns tried in order, the first match
 * wins; "other" when none does. Deterministic (no model, no state), so a headline keeps its kind
 * and a test pins every rule. The order matters: "delists" is not a listing, an exploit reported
 * with a lawsuit is a hack, an ETF approval is regulation before it is anything else.
 */
const RULES: readonly [HeadlineKind, RegExp][] = [
  ['delisting', /\b(delist(s|ed|ing)?|will (cease|halt) trading|remov(e|es|ed|ing) .{0,40}\btrading pairs?)\b/i],
  [
    'hack',
    /\b(hack(s|ed|er|ers)?|exploit(s|ed)?|drain(s|ed)?|breach(es|ed)?|stolen|heist|attack(s|ed|er|ers)?|compromised|rug ?pull(ed)?|vulnerabilit(y|ies)|phishing)\b/i,
  ],
  [
    'listing',
    /\b(will list|lists|listed (on|at)|listing|launch(es|ed)? .{0,40}\b(perpetual|futures|spot trading|margin)|new (spot|futures|perpetual) (contracts?|pairs?|markets?))\b/i,
  ],
  [
    'regulation',
    /\b(sec|cftc|regulat(or|ors|ory|ion|ions|e|es|ed)|lawsuit|sues?|sued|ban(s|ned)?|court|etfs?|licen[cs]es?|licensed|sanction(s|ed)?|legislation|lawmakers?|senate|congress|mica|subpoena(s|ed)?|enforcement)\b/i,
  ],
  [
    'macro',
    /\b(fed|fomc|rate (cut|hike)s?|interest rates?|inflation|cpi|ppi|gdp|jobs report|non-?farm|payrolls|unemployment|treasury|yields?|recession|powell|ecb|boj|tariffs?)\b/i,
  ],
  [
    'partnership',
    /\b(partner(s|ed|ship|ships)?|collaborat(e|es|ed|ion)|integrat(e|es|ed|ion)|teams? up|join(s|ed)? forces|alliance|acquir(e|es|ed)|acquisition)\b/i,
  ],
];

export function classifyHeadline(title: string): HeadlineKind {
  for (const [kind, pattern] of RULES) if (pattern.test(title)) return kind;
  return 'other';
}
