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

/** The typed words match these columns only; the fourth, search_tags, carries the feed's filters. */
export const WORDS = '{title body author}';

export const FTS_MAX_WORDS = 16;
export const FTS_MAX_TOKEN_LENGTH = 64;

const OPERATORS = new Set(['AND', 'OR', 'NOT', 'NEAR']);
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

/** An FTS5 string literal: double quotes around, inner double quotes doubled. */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** The search box's words as FTS5 phrases: each phrase the tokens of one typed word. */
function phrasesOf(input: unknown): string[][] {
  if (typeof input !== 'string') return [];
  const phrases: string[][] = [];
  for (const word of input.normalize('NFKC').split(/\s+/u)) {
    const tokens = (word.match(TOKEN) ?? [])
      .filter((token) => !OPERATORS.has(token))
      .map((token) => [...token].slice(0, FTS_MAX_TOKEN_LENGTH).join(''));
    if (tokens.length) phrases.push(tokens);
    if (phrases.length >= FTS_MAX_WORDS) break;
  }
  return phrases;
}

export function toFtsQuery(input: unknown, options: { prefix?: boolean } = {}): string | null {
  const phrases = phrasesOf(input).map((tokens) => ftsPhrase(tokens.join(' ')));
  if (!phrases.length) return null;
  if (options.prefix !== false) phrases[phrases.length - 1] += '*';
  return phrases.join(' ');
}

/**
 * A search as the feed runs it: `match` is the expression with the last word as a prefix (what the
 * plain statement evaluates); `expand` lets the database swap that prefix for an OR of the indexed
 * words it begins, which FTS5 walks lazily instead of merging every match first. Only a plain ASCII
 * last token expands: lower-casing it is then exactly what the tokenizer does to it.
 */
export interface FtsSearch {
  match: string;
  expand: {
    /** The phrases before the last, each followed by AND ('' when the last phrase is the only one). */
    head: string;
    /** The last phrase's tokens before its final one, each followed by a space. */
    lead: string;
    /** The last phrase's final token, folded as the tokenizer folds it. */
    prefix: string;
  } | null;
}

const PLAIN_TOKEN = /^[A-Za-z0-9]+$/;

export function toFtsSearch(input: unknown): FtsSearch | null {
  const phrases = phrasesOf(input);
  const match = toFtsQuery(input);
  if (!match) return null;
  const last = phrases.at(-1)!;
  const final = last.at(-1)!;
  const quoted = phrases.slice(0, -1).map((tokens) => ftsPhrase(tokens.join(' ')));
  return {
    match,
    expand: PLAIN_TOKEN.test(final)
      ? {
          head: quoted.map((phrase) => `${phrase} AND `).join(''),
          lead: last
            .slice(0, -1)
            .map((token) => `${token.replace(/"/g, '""')} `)
            .join(''),
          prefix: final.toLowerCase(),
        }
      : null,
  };
}
