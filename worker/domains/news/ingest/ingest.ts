import type { Db, NewsDb } from '../../../db/client';
import type { ExchangeAdapter } from '../../../exchanges/types';
import { logError } from '../../../lib/log';
import type { NewsItemDto } from '../../../contract/news';
import { alsoReportedEntry, attachAlsoReported } from './also-reported';
import { loadClassifyConfig } from './classify-config';
import { findRecentDuplicate, storeNewsItem, storedItemDto, type StoreFollowUp } from './news-store';
import { classifyNormalised } from './pipeline';
import { dedupKey } from './dedupe';
import { normaliseAuthor, normaliseRawNews } from './normalise';
import type { NewsItemDraft, RawNewsItem } from '../types';

export interface IngestDeps {
  db: Db;
  /** Where headlines are stored (the news database). */
  newsDb: NewsDb;
  exchange: ExchangeAdapter;
  /** Sends a stored item to the live feed (wiring.ts: the news hub). */
  publish: (item: NewsItemDto) => Promise<unknown>;
  /**
   * Called as an item's ingest starts, so the hooks' own reads (the watchlists' index, the Telegram
   * chats) overlap the classification; what it returns plans, once the item is known new, the rows
   * it brings along (the watchlists' hits, the Telegram forwards) and what runs once it is stored.
   */
  prepareFollowUps?: () => PlanFollowUps;
}

/** Given the item as it will be stored (its id aside), what goes with it. */
export type PlanFollowUps = (item: NewsItemDto, forwardToTelegram: boolean) => Promise<FollowUpPlan>;

export interface FollowUpPlan {
  /** Rows written in the item's own batch: all or nothing with it, none if it was not stored. */
  followUps: StoreFollowUp[];
  /** Runs once the item is stored and published. */
  afterStore?: (item: NewsItemDto) => Promise<void>;
}

/** What an admin posting by hand may fix regardless of the rules. */
export interface IngestOverrides {
  importance?: NewsItemDraft['importance'];
  addSymbols?: string[];
  /**
   * The author when it is known only later (a manual headline's caller, read beside the first
   * reads): it does not take part in the classification, only in what is stored.
   */
  author?: Promise<string>;
}

/** A duplicate from another source updates the first headline (`alsoReported`: pushed again with it). */
export type IngestResult =
  { status: 'stored'; item: NewsItemDto } | { status: 'duplicate'; alsoReported?: NewsItemDto } | { status: 'rejected' };

/**
 * How long a headline waits for its prices at publish. A headline is stored and pushed without
 * them after this: a slow or hanging exchange (its client waits up to 10 s) must not hold the news
 * (the reliability bench's faults phase saw 10 s deliveries), and a price read later would not be
 * the price at publish anyway. Without a price, that symbol's moves are not measured.
 */
export const PRICE_AT_PUBLISH_WAIT_MS = 1_000;

/** Prices at publish for the item's symbols (BTC → BTCUSDT mark price). A failed or late lookup is not fatal. */
async function pricesFor(
  exchange: ExchangeAdapter,
  symbols: string[],
  waitMs = PRICE_AT_PUBLISH_WAIT_MS,
): Promise<Record<string, number>> {
  if (symbols.length === 0) return {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no mark price within ${waitMs} ms`)), waitMs);
  });
  try {
    const marks = await Promise.race([exchange.getMarkPrices(symbols.map((s) => `${s}USDT`)), late]);
    return Object.fromEntries(symbols.filter((s) => marks[`${s}USDT`] !== undefined).map((s) => [s, marks[`${s}USDT`]!]));
  } catch (err) {
    logError('price at publish unavailable', err);
    return {};
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The one code path for every source: normalise → classify (mappings → banned → rules) beside
 * the duplicate check (its key is the cleaned title's) → store (D1 + FTS5 via trigger, with the
 * follow-ups' rows: watch hits, Telegram forwards) → publish to the news hub → after-store hooks.
 */
export async function ingestNews(deps: IngestDeps, raw: RawNewsItem, overrides: IngestOverrides = {}): Promise<IngestResult> {
  const normalised = normaliseRawNews(raw);
  if (!normalised) return { status: 'rejected' };
  const planFollowUps = deps.prepareFollowUps?.();
  // The duplicate key depends on the cleaned title only: the check reads beside the config, one round.
  const duplicateRead = findRecentDuplicate(deps.newsDb, dedupKey(normalised), normalised.ts);
  // A failure of either is reported where it is awaited.
  duplicateRead.catch(() => {});
  overrides.author?.catch(() => {});
  const classified = classifyNormalised(normalised, await loadClassifyConfig(deps.db));
  const draft = {
    ...classified,
    symbols: [...new Set([...classified.symbols, ...(overrides.addSymbols ?? [])])],
    importance: overrides.importance ?? classified.importance,
  };
  // The exchange call (a network round trip with a real exchange) overlaps the duplicate check.
  const [duplicate, prices, author] = await Promise.all([
    duplicateRead,
    pricesFor(deps.exchange, draft.symbols),
    overrides.author,
  ]);
  if (overrides.author) draft.author = normaliseAuthor(raw.source.kind, author);
  if (duplicate) {
    const { id: sourceId, kind: sourceKind, name } = raw.source;
    const entry = alsoReportedEntry(duplicate, { sourceId, sourceKind, name, receivedAt: draft.receivedAt });
    const updated = await attachAlsoReported(deps.newsDb, duplicate, entry);
    if (!updated) return { status: 'duplicate' };
    // The same id again: open feeds replace the row, so it reads "also: @x +4.2s" instead of a second row.
    await publishSafely(deps, updated);
    return { status: 'duplicate', alsoReported: updated };
  }
  // What goes with the item is written in its own batch: one round for all of it.
  const storedAt = Date.now();
  const plan = await planFollowUps?.(storedItemDto(draft, prices, storedAt), draft.forwardToTelegram);
  const item = await storeNewsItem(deps.newsDb, draft, prices, storedAt, plan?.followUps);
  if (!item) return { status: 'duplicate' };
  await publishSafely(deps, item);
  await plan?.afterStore?.(item);
  return { status: 'stored', item };
}

async function publishSafely(deps: IngestDeps, item: NewsItemDto) {
  try {
    await deps.publish(item);
  } catch (err) {
    // Stored is what counts: a client that missed the push sees the item on its next fetch.
    logError('news publish failed', err);
  }
}
