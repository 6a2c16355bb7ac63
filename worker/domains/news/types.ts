import type { IMPORTANCE, SOURCE_KINDS } from '../../db/schema/news';

export type SourceKind = (typeof SOURCE_KINDS)[number];
export type Importance = (typeof IMPORTANCE)[number];

/** Higher is more important; used for `importanceAtLeast` and sorting. */
export const IMPORTANCE_RANK: Record<Importance, number> = { low: 0, medium: 1, high: 2, critical: 3 };

export function isImportance(value: unknown): value is Importance {
  return typeof value === 'string' && Object.hasOwn(IMPORTANCE_RANK, value);
}

/** What a source adapter hands to the pipeline, before any cleaning. */
export interface RawNewsItem {
  source: { id: string; kind: SourceKind; name: string };
  externalId?: string;
  /** Epoch ms (epoch seconds are tolerated and converted, see normalise.ts). */
  publishedAt: number;
  receivedAt: number;
  author?: string;
  title: string;
  body?: string;
  url?: string;
  isTest?: boolean;
}

/** The cleaned item, before classification (output of normalise.ts). */
export interface NormalisedNews {
  title: string;
  body?: string;
  url?: string;
  author?: string;
  externalId?: string;
  ts: number;
  receivedAt: number;
  sourceId: string;
  sourceKind: SourceKind;
  isTest: boolean;
}

export interface NewsItemMetadata {
  /** Ids of special mappings whose terms matched. */
  matchedSpecialMappings: string[];
  /** Ids of banned mappings that removed a symbol or marked the item garbage. */
  bannedBy: string[];
  /** Ids of custom rules whose conditions held, in evaluation order. */
  matchedRules: string[];
}

/** A normalised and classified item, ready to store (the row minus id and price data). */
export interface NewsItemDraft extends NormalisedNews {
  symbols: string[];
  importance: Importance;
  isGarbage: boolean;
  dedupKey: string;
  forwardToTelegram: boolean;
  /** null: follow the user's per-importance sound setting; a rule may force it on or off. */
  sound: boolean | null;
  metadata: NewsItemMetadata;
}

export interface SpecialMapping {
  id: string;
  terms: string[];
  symbols: string[];
}

/** A banned term removes the mapping's symbols from the item; with no symbols it marks the item garbage. */
export interface BannedMapping {
  id: string;
  terms: string[];
  symbols: string[];
}

export interface CustomRuleConditions {
  /** Any of: source kinds or source ids. */
  sources?: string[];
  text?: string;
  isRegex?: boolean;
  caseSensitive?: boolean;
  /** Any of the item's symbols. */
  symbols?: string[];
  importanceAtLeast?: Importance;
}

export interface CustomRuleActions {
  importance?: Importance;
  garbage?: boolean;
  forwardToTelegram?: boolean;
  sound?: boolean;
  addSymbols?: string[];
  removeSymbols?: string[];
}

export interface CustomRule {
  id: string;
  name: string;
  enabled: boolean;
  /** Lower runs first; ties keep the given order. */
  priority: number;
  conditions: CustomRuleConditions;
  actions: CustomRuleActions;
}

export interface ClassifyConfig {
  specialMappings: readonly SpecialMapping[];
  bannedMappings: readonly BannedMapping[];
  customRules: readonly CustomRule[];
  /** Symbols a bare cashtag ($BTC) may tag; unknown cashtags are ignored. */
  knownSymbols: Iterable<string>;
}
