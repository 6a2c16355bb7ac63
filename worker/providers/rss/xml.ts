import { decodeEntities } from './entities';

/**
 * A small, non-validating XML parser for feeds (DOMParser does not exist in workerd).
 * Handles the prolog, comments, processing instructions, DOCTYPE (skipped, entities not expanded),
 * CDATA, character references and namespaces. Iterative, so deep nesting cannot overflow the stack.
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

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

// XML 1.0 name characters, simplified: ASCII letters, _, :, and anything from U+00C0 on.
function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c >= 0xc0;
}
function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 0xb7;
}
function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

function position(xml: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < index && i < xml.length; i++) {
    if (xml.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: index - lineStart + 1 };
}

function splitName(name: string): { prefix: string | null; local: string } {
  const colon = name.indexOf(':');
  return colon > 0 ? { prefix: name.slice(0, colon), local: name.slice(colon + 1) } : { prefix: null, local: name };
}

export function parseXml(xml: string, { maxDepth = 256 }: { maxDepth?: number } = {}): XmlElement {
  const fail = (message: string, index: number, reason: 'malformed-xml' | 'too-deep' = 'malformed-xml'): never => {
    const { line, column } = position(xml, index);
    throw new XmlError(reason, `${message} at line ${line}, column ${column}`, line, column);
  };
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: { el: XmlElement; scope: Map<string, string>; start: number }[] = [];
  let root: XmlElement | null = null;

  const readName = (at: number): string | null => {
    if (at >= xml.length || !isNameStart(xml.charCodeAt(at))) return null;
    let end = at + 1;
    while (end < xml.length && isNameChar(xml.charCodeAt(end))) end++;
    return xml.slice(at, end);
  };
  const skipSpace = (at: number): number => {
    let k = at;
    while (k < xml.length && isSpace(xml.charCodeAt(k))) k++;
    return k;
  };
  const addText = (text: string, at: number) => {
    const top = stack[stack.length - 1];
    if (top) top.el.children.push(text);
    else if (text.trim() !== '') fail(root ? 'Text after the root element' : 'Text before the root element', at);
  };

  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    if (lt === -1) {
      addText(decodeEntities(xml.slice(i)), i);
      break;
    }
    if (lt > i) addText(decodeEntities(xml.slice(i, lt)), i);
    i = lt;

    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end === -1) fail('Unclosed comment', i);
      i = end + 3;
    } else if (xml.startsWith('<![CDATA[', i)) {
      const end = xml.indexOf(']]>', i + 9);
      if (end === -1) fail('Unclosed CDATA section', i);
      if (!stack.length) fail('CDATA outside the root element', i);
      addText(xml.slice(i + 9, end), i);
      i = end + 3;
    } else if (xml.startsWith('<?', i)) {
      const end = xml.indexOf('?>', i + 2);
      if (end === -1) fail('Unclosed processing instruction', i);
      i = end + 2;
    } else if (xml.startsWith('<!DOCTYPE', i) || xml.startsWith('<!doctype', i)) {
      if (root || stack.length) fail('DOCTYPE inside the document', i);
      const bracket = xml.indexOf('[', i);
      const close = xml.indexOf('>', i);
      if (close === -1) fail('Unclosed DOCTYPE', i);
      if (bracket !== -1 && bracket < close) {
        const subsetEnd = xml.indexOf(']', bracket);
        const end = subsetEnd === -1 ? -1 : xml.indexOf('>', subsetEnd);
        if (end === -1) fail('Unclosed DOCTYPE', i);
        i = end + 1;
      } else {
        i = close + 1;
      }
    } else if (xml.startsWith('</', i)) {
      const name = readName(i + 2);
      if (!name) fail('Malformed end tag', i);
      const after = skipSpace(i + 2 + name!.length);
      if (xml[after] !== '>') fail(`Malformed end tag </${name}`, i);
      const open = stack.pop();
      if (!open) fail(`Unexpected end tag </${name}>`, i);
      if (open!.el.name !== name) {
        const opened = position(xml, open!.start);
        fail(`End tag </${name}> does not match <${open!.el.name}> (opened at line ${opened.line})`, i);
      }
      i = after + 1;
    } else {
      const name = readName(i + 1);
      if (!name) fail('Malformed tag (a bare "<" in text must be escaped as &lt;)', i);
      if (root && !stack.length) fail(`A second root element <${name}>`, i);
      const start = i;
      const attrs: Record<string, string> = {};
      let j = i + 1 + name!.length;
      let selfClosing = false;
      for (;;) {
        const k = skipSpace(j);
        if (xml.startsWith('/>', k)) {
          selfClosing = true;
          j = k + 2;
          break;
        }
        if (xml[k] === '>') {
          j = k + 1;
          break;
        }
        if (k === j || k >= xml.length) fail(`Malformed tag <${name}>`, k >= xml.length ? start : k);
        const attr = readName(k);
        if (!attr) fail(`Malformed attribute in <${name}>`, k);
        let v = skipSpace(k + attr!.length);
        if (xml[v] !== '=') fail(`Attribute ${attr} in <${name}> has no value`, v);
        v = skipSpace(v + 1);
        const quote = xml[v];
        if (quote !== '"' && quote !== "'") fail(`Attribute ${attr} in <${name}> is not quoted`, v);
        const end = xml.indexOf(quote!, v + 1);
        if (end === -1) fail(`Unclosed attribute value in <${name}>`, v);
        attrs[attr!] = decodeEntities(xml.slice(v + 1, end));
        j = end + 1;
      }
      const parent = stack[stack.length - 1];
      let scope = parent?.scope ?? new Map<string, string>([['xml', XML_NS]]);
      for (const [key, value] of Object.entries(attrs)) {
        if (key === 'xmlns' || key.startsWith('xmlns:')) {
          if (scope === parent?.scope) scope = new Map(scope);
          scope.set(key === 'xmlns' ? '' : key.slice(6), value);
        }
      }
      const { prefix, local } = splitName(name!);
      const el: XmlElement = { name: name!, prefix, local, ns: scope.get(prefix ?? '') || null, attrs, children: [] };
      if (parent) parent.el.children.push(el);
      else root = el;
      if (!selfClosing) {
        if (stack.length >= maxDepth) fail(`Elements nested deeper than ${maxDepth} levels`, start, 'too-deep');
        stack.push({ el, scope, start });
      }
      i = j;
    }
  }
  if (stack.length) {
    const open = stack[stack.length - 1]!;
    const { line } = position(xml, open.start);
    fail(`The document ends inside <${open.el.name}> (opened at line ${line}); it may be truncated`, xml.length);
  }
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
