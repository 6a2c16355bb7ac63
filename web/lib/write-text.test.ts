import { describe, expect, it } from 'vitest';
import { writeText } from './write-text';

describe('writeText', () => {
  it('changes the one Text node in place (no node removed or inserted)', () => {
    const el = document.createElement('span');
    el.textContent = '97,000.00';
    const node = el.firstChild;
    writeText(el, '97,001.50');
    expect(el.textContent).toBe('97,001.50');
    expect(el.firstChild).toBe(node);
    expect(el.childNodes).toHaveLength(1);
  });

  it('falls back to textContent when the element holds no single Text node', () => {
    const empty = document.createElement('span');
    writeText(empty, '…');
    expect(empty.textContent).toBe('…');
    const mixed = document.createElement('span');
    mixed.append('a', document.createElement('b'));
    writeText(mixed, '1.2345');
    expect(mixed.textContent).toBe('1.2345');
    expect(mixed.childNodes).toHaveLength(1);
  });
});
