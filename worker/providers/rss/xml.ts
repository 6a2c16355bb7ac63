import { decodeHTMLStrict } from 'entities';
import { SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * Feeds as element trees, read by saxes (a namespace-aware XML parser; DOMParser does not exist in
 * workerd). Real feeds are not quite XML, so two sloppinesses are forgiven before parsing: HTML
 * entity names (&nbsp;) and a bare "&" ("AT&T") become what a browser would read; a prefix the feed
 * forgot to declare (dc:creator) gets no namespace rather than failing the feed. Anything else that
 * is not XML is an error with its line and column.
 */

export interface XmlElement {
  /** as written, e.g. "atom:link" */
  name: string;
  prefix: string | null;
  local: string;
  /** resolved namespace URI; null when none applies (or the prefix was never declared) */
  ns: string | null;
  /** by qualified name, values decoded */
  attrs: Record<string, string>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

export class XmlError extends Error {
  constructor(
    readonly reason: 'empty' | 'malformed-xml' | 'too-deep',
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'XmlError';
  }
}

const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);
/** A prefix nobody declared resolves here; its elements get no namespace. */
const UNBOUND = 'urn:meridian:unbound:';

/** A character as a reference XML accepts; U+FFFD for what XML cannot hold (NUL, surrogates). */
function charRef(text: string): string {
  return [...text]
    .map((c) => {
      const code = c.codePointAt(0)!;
      const allowed =
        code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0x10ffff);
      return `&#${allowed && code !== 0xfffe && code !== 0xffff ? code : 0xfffd};`;
    })
    .join('');
}

/**
 * Rewrites references outside CDATA sections and comments: HTML names as character references,
 * unknown names and a bare "&" as literal text. Custom DTD entities are never expanded (no
 * entity-expansion attacks): their references stay as written.
 */
function lenientEntities(xml: string): string {
  return xml.replace(
    /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|&(#[xX][0-9a-fA-F]{1,6};|#\d{1,7};|[A-Za-z][A-Za-z0-9]{1,31};)?/g,
    (whole: string, ref: string | undefined) => {
      if (whole[0] === '<') return whole;
      if (!ref) return '&amp;';
      const name = ref.slice(0, -1);
      if (XML_ENTITIES.has(name)) return whole;
      const decoded = decodeHTMLStrict(whole);
      return decoded === whole ? `&amp;${ref}` : charRef(decoded);
    },
  );
}

/** saxes' messages in the words an admin reading a broken feed needs (the open element, where it opened). */
function explain(
  message: string,
  source: string,
  position: number,
  open: { el: XmlElement; line: number } | undefined,
  closed: { el: XmlElement; line: number } | undefined,
): string {
  if (message.startsWith('unexpected close tag')) {
    // saxes has just closed the element the end tag did not match (closed), to find the one it names.
    const closing = /<\/\s*([^\s>]+)\s*>?$/.exec(source.slice(0, position))?.[1] ?? '?';
    return closed
      ? `End tag </${closing}> does not match <${closed.el.name}> (opened at line ${closed.line})`
      : `Unexpected end tag </${closing}>`;
  }
  if (message.startsWith('unclosed tag') && open)
    return `The document ends inside <${open.el.name}> (opened at line ${open.line}); it may be truncated`;
  if (message.startsWith('disallowed character in tag name')) return 'Malformed tag (a bare "<" in text must be escaped as &lt;)';
  if (message.startsWith('unquoted attribute value')) return 'An attribute value is not quoted';
  if (message.startsWith('documents may contain only one root')) return 'A second root element';
  if (message.startsWith('text data outside of root node')) return 'Text outside the root element';
  return message.replace(/\.$/, '');
}

export function parseXml(xml: string, { maxDepth = 256 }: { maxDepth?: number } = {}): XmlElement {
  const source = lenientEntities(xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml);
  const parser = new SaxesParser({ xmlns: true, position: true, resolvePrefix: (prefix: string) => UNBOUND + prefix });
  const fail = (message: string, reason: 'malformed-xml' | 'too-deep' = 'malformed-xml'): never => {
    throw new XmlError(reason, `${message} at line ${parser.line}, column ${parser.column}`, parser.line, parser.column);
  };
  const stack: { el: XmlElement; line: number }[] = [];
  let closed: { el: XmlElement; line: number } | undefined;
  let root: XmlElement | null = null;
  const add = (text: string) => stack.at(-1)?.el.children.push(text);

  parser.on('error', (err) => {
    const message = err.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '');
    if (message.startsWith('document must contain a root element'))
      throw new XmlError('empty', 'The document has no root element');
    fail(explain(message, source, parser.position, stack.at(-1), closed));
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (stack.length >= maxDepth) fail(`Elements nested deeper than ${maxDepth} levels`, 'too-deep');
    const el: XmlElement = {
      name: tag.name,
      prefix: tag.prefix || null,
      local: tag.local,
      ns: tag.uri && !tag.uri.startsWith(UNBOUND) ? tag.uri : null,
      attrs: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.name, a.value])),
      children: [],
    };
    const parent = stack.at(-1);
    if (parent) parent.el.children.push(el);
    else root = el;
    stack.push({ el, line: parser.line });
  });
  parser.on('closetag', () => (closed = stack.pop()));
  parser.on('text', add);
  parser.on('cdata', add);

  parser.write(source).close();
  if (!root) throw new XmlError('empty', 'The document has no root element');
  return root;
}

export function elementChildren(el: XmlElement): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== 'string');
}

/**
 * All text below an element (CDATA included), in document order. With `spaced`, element
 * boundaries count as spaces (for XHTML content, where <p>a</p><p>b</p> reads "a b").
 */
export function textContent(el: XmlElement, spaced = false): string {
  let out = '';
  const stack: (XmlNode | null)[] = [...el.children].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (node === null) out += ' ';
    else if (typeof node === 'string') out += node;
    else {
      if (spaced) {
        out += ' ';
        stack.push(null);
      }
      for (let k = node.children.length - 1; k >= 0; k--) stack.push(node.children[k]!);
    }
  }
  return out;
}
