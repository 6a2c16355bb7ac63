import { decodeHtmlEntities } from '../../lib/html-entities';

/** Feed HTML (descriptions, content:encoded, Atom type="html") as one line of plain text. */
export function htmlToText(html: string): string {
  return decodeHtmlEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<\/?[A-Za-z][^<>]*>/g, ' '),
  )
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
