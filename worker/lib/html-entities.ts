import { decodeHTMLStrict } from 'entities';

/**
 * The one HTML character-reference decoder (feeds, headlines): named references as HTML defines
 * them (a semicolon required), numeric ones in one pass — "&amp;lt;" becomes "&lt;", not "<" —
 * and invalid code points (NUL, surrogates, out of range) as U+FFFD, as browsers do.
 */
export function decodeHtmlEntities(text: string): string {
  return text.includes('&') ? decodeHTMLStrict(text) : text;
}
