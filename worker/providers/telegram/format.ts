/** Text helpers for Telegram's HTML parse mode. */

export const TELEGRAM_TEXT_LIMIT = 4096;
const ELLIPSIS = '…';

/** Escapes text for parse_mode HTML: Telegram requires <, > and & outside tags and entities escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes a value placed in a double-quoted attribute (an href). */
export function escapeHtmlAttr(text: string): string {
  return escapeHtml(text).replace(/"/g, '&quot;');
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

type Token =
  | { kind: 'text'; raw: string; length: number }
  | { kind: 'open'; raw: string; name: string }
  | { kind: 'close'; raw: string; name: string }
  | { kind: 'void'; raw: string };

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s[^<>]*)?)(\/?)>/;
const ENTITY = /^&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|[a-zA-Z][a-zA-Z0-9]{1,31});/;

function* tokenizeHtml(html: string): Generator<Token> {
  let i = 0;
  while (i < html.length) {
    const ch = html[i];
    if (ch === '<') {
      const m = TAG.exec(html.slice(i, i + 2048));
      if (m) {
        const [raw, slash, name, , selfClosing] = m as unknown as [string, string, string, string, string];
        i += raw.length;
        if (slash) yield { kind: 'close', raw, name: name.toLowerCase() };
        else if (selfClosing || name.toLowerCase() === 'br') yield { kind: 'void', raw };
        else yield { kind: 'open', raw, name: name.toLowerCase() };
        continue;
      }
    } else if (ch === '&') {
      const m = ENTITY.exec(html.slice(i, i + 40));
      if (m) {
        const code = m[1] ? Number(m[1]) : m[2] ? parseInt(m[2], 16) : 0;
        yield { kind: 'text', raw: m[0], length: code > 0xffff ? 2 : 1 };
        i += m[0].length;
        continue;
      }
    }
    const pair = isHighSurrogate(html.charCodeAt(i)) && i + 1 < html.length;
    const raw = pair ? html.slice(i, i + 2) : html.charAt(i);
    yield { kind: 'text', raw, length: raw.length };
    i += raw.length;
  }
}

/** Length as Telegram counts it after parsing entities (UTF-16 units of the visible text). */
export function visibleLength(text: string, parseMode?: 'HTML'): number {
  if (parseMode !== 'HTML') return text.length;
  let n = 0;
  for (const t of tokenizeHtml(text)) if (t.kind === 'text') n += t.length;
  return n;
}

/**
 * Cuts a message to Telegram's limit (4096 visible characters) with an ellipsis, never splitting a
 * surrogate pair, an HTML tag or an entity, and closing the tags still open at the cut.
 */
export function truncateMessage(text: string, parseMode?: 'HTML', limit = TELEGRAM_TEXT_LIMIT): string {
  if (visibleLength(text, parseMode) <= limit) return text;
  const budget = limit - ELLIPSIS.length;
  if (parseMode !== 'HTML') {
    let cut = budget;
    if (isHighSurrogate(text.charCodeAt(cut - 1))) cut--;
    return text.slice(0, cut).trimEnd() + ELLIPSIS;
  }
  const out: Token[] = [];
  const open: string[] = [];
  let used = 0;
  for (const token of tokenizeHtml(text)) {
    if (token.kind === 'text') {
      if (used + token.length > budget) break;
      used += token.length;
    } else if (token.kind === 'open') {
      open.push(token.name);
    } else if (token.kind === 'close') {
      const at = open.lastIndexOf(token.name);
      if (at >= 0) open.length = at;
    }
    out.push(token);
  }
  // Tags opened right at the cut would wrap nothing: drop them rather than send empty entities.
  while (out.length && out[out.length - 1]!.kind === 'open') {
    out.pop();
    open.pop();
  }
  const closing = open
    .reverse()
    .map((name) => `</${name}>`)
    .join('');
  return out.map((t) => t.raw).join('') + ELLIPSIS + closing;
}

export type Importance = 'critical' | 'high' | 'medium' | 'low';

export const IMPORTANCE_EMOJI: Record<Importance, string> = {
  critical: '🚨',
  high: '🔴',
  medium: '🟠',
  low: '⚪',
};

export interface NewsMessageInput {
  title: string;
  url?: string | null;
  symbols: readonly string[];
  importance: Importance;
  source: string;
}

/** A hashtag Telegram recognises: letters, digits and _ only. */
export function symbolTag(symbol: string): string | null {
  const clean = symbol.toUpperCase().replace(/[^A-Z0-9_]/g, '');
  return clean ? `#${clean}` : null;
}

function safeHttpUrl(url: string | null | undefined): URL | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A forwarded headline in parse_mode HTML:
 *   🚨 <b>Title</b>
 *   #BTC #ETH · Source
 *   <a href="…">host</a>
 */
export function formatNewsMessage(input: NewsMessageInput): string {
  const title = input.title.replace(/\s+/g, ' ').trim();
  const tags = [...new Set(input.symbols.map(symbolTag).filter((t): t is string => t !== null))];
  const source = input.source.replace(/\s+/g, ' ').trim();
  const meta = [tags.join(' '), source && escapeHtml(source)].filter(Boolean).join(' · ');
  const url = safeHttpUrl(input.url);
  const lines = [`${IMPORTANCE_EMOJI[input.importance]} <b>${escapeHtml(title)}</b>`];
  if (meta) lines.push(meta);
  if (url) lines.push(`<a href="${escapeHtmlAttr(url.href)}">${escapeHtml(url.hostname.replace(/^www\./, ''))}</a>`);
  return lines.join('\n');
}
