/**
 * Duplicate detection: the same headline from two sources (or twice from one) within a few
 * minutes is one news item. The key depends on the title only, because one source may carry a
 * body and another not.
 */

/**
 * Two items with the same key are duplicates when their timestamps are less than 10 minutes
 * apart (either direction). Long enough for a wire headline to reach Twitter, Telegram and RSS;
 * short enough that a genuinely repeated headline ("BTC breaks $100k" on another day) is kept.
 */
export const DEDUP_WINDOW_MS = 10 * 60 * 1000;

/** Bumped when the folding below changes, so old and new keys never compare equal by accident. */
const KEY_VERSION = 'v1';

const URLS = /\b(?:https?:\/\/|www\.)\S+/giu;
// Prefixes wire accounts put in front of the same headline. Strong ones are stripped even
// without a separator ("JUST IN 🇺🇸 SEC approves…"); weak ones only before ":", "|" or a dash so
// "Update on the SEC case" keeps its first word.
const STRONG_PREFIX = /^(?:breaking(?:\s+news)?|just\s+in|rt\s+@[\p{L}\p{N}_]+)(?![\p{L}\p{N}_])/iu;
const WEAK_PREFIX = /^(?:update|alert|urgent|flash|developing|new|watch|report)\s*[:|\-–—]/iu;
const LEADING_NOISE = /^[^\p{L}\p{N}]+/u;

/**
 * The text a duplicate check compares: NFKC-folded, lowercased, without URLs, without leading
 * BREAKING / JUST IN / 🚨 / emoji / "RT @x:" prefixes, punctuation and emoji turned into spaces,
 * whitespace collapsed.
 */
export function dedupText(title: string): string {
  let text = title.normalize('NFKC').toLowerCase().replace(URLS, ' ');
  for (let i = 0; i < 10; i++) {
    const before = text;
    text = text.replace(LEADING_NOISE, '').replace(STRONG_PREFIX, '').replace(WEAK_PREFIX, '');
    if (text === before) break;
  }
  const folded = text
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  if (folded) return folded;
  // Nothing but a prefix, punctuation or emoji: compare the whole title instead.
  return title.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;

/** 64-bit FNV-1a over the UTF-8 bytes, as 16 hex digits. */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * FNV_PRIME);
  }
  return hash.toString(16).padStart(16, '0');
}

/** A stable key such as "v1:4f1c…": equal for the same headline however it was decorated. */
export function dedupKey(item: { title: string }): string {
  return `${KEY_VERSION}:${fnv1a64(dedupText(item.title))}`;
}

export interface RecentKey {
  key: string;
  ts: number;
}

/** Whether an item with this key and time repeats one of the recent ones (see DEDUP_WINDOW_MS). */
export function isDuplicate(key: string, ts: number, recent: readonly RecentKey[], windowMs = DEDUP_WINDOW_MS): boolean {
  return recent.some((r) => r.key === key && Math.abs(r.ts - ts) < windowMs);
}

/** The inclusive ts range to load candidates for `isDuplicate` (e.g. `dedup_key = ? AND ts BETWEEN ? AND ?`). */
export function dedupRange(ts: number, windowMs = DEDUP_WINDOW_MS): { from: number; to: number } {
  return { from: ts - windowMs + 1, to: ts + windowMs - 1 };
}
