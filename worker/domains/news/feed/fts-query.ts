/**
 * Turns free text typed into the feed's search box into a SQLite FTS5 MATCH expression that
 * cannot be a syntax error, whatever the input.
 *
 * - Each whitespace-separated word keeps only its letters, digits and combining marks (what the
 *   unicode61 tokenizer indexes); the pieces of one word form a quoted phrase, so "U.S." becomes
 *   "U S" and "$BTC" becomes "BTC". Punctuation, emoji, quotes, *, ^, :, (, ), -, + vanish.
 * - Bare FTS operators typed in capitals (AND, OR, NOT, NEAR) are dropped; the words are ANDed.
 * - The last phrase gets a prefix star ("bitc" finds "bitcoin") unless `prefix: false`.
 * - At most 16 words of at most 64 characters each; null when nothing searchable is left.
 */

export const FTS_MAX_WORDS = 16;
export const FTS_MAX_TOKEN_LENGTH = 64;

const OPERATORS = new Set(['AND', 'OR', 'NOT', 'NEAR']);
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

/** An FTS5 string literal: double quotes around, inner double quotes doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

export function toFtsQuery(input: unknown, options: { prefix?: boolean } = {}): string | null {
  if (typeof input !== 'string') return null;
  const phrases: string[] = [];
  for (const word of input.normalize('NFKC').split(/\s+/u)) {
    const tokens = (word.match(TOKEN) ?? [])
      .filter((token) => !OPERATORS.has(token))
      .map((token) => [...token].slice(0, FTS_MAX_TOKEN_LENGTH).join(''));
    if (tokens.length) phrases.push(ftsPhrase(tokens.join(' ')));
    if (phrases.length >= FTS_MAX_WORDS) break;
  }
  if (!phrases.length) return null;
  if (options.prefix !== false) phrases[phrases.length - 1] += '*';
  return phrases.join(' ');
}
