import type { Importance, SourceKind } from '../../contract/enums';
import type { CustomRuleDto } from '../../contract/server-fns/news-rules';

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
  /** The publication time (see normalise.ts: never after receipt). */
  ts: number;
  /** ts when the source said when it published; null when it did not (ts is then the receipt time). */
  publishedAt: number | null;
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

/** A custom rule as the pipeline runs it (contract/server-fns/news-rules.ts); lower priority runs first, ties keep the given order. */
export type CustomRule = Omit<CustomRuleDto, 'createdAt' | 'updatedAt'>;

export interface ClassifyConfig {
  specialMappings: readonly SpecialMapping[];
  bannedMappings: readonly BannedMapping[];
  customRules: readonly CustomRule[];
  /** Symbols a bare cashtag ($BTC) may tag; unknown cashtags are ignored. */
  knownSymbols: Iterable<string>;
}
