import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '~/test/react-root';
import { ComboboxPanel } from './combobox';
import { matchOptions } from './match-options';

// jsdom lays nothing out: the highlight's scrollIntoView is a no-op here.
Element.prototype.scrollIntoView = () => {};

interface Person {
  id: string;
  name: string;
}
const DESK: Person[] = Array.from({ length: 500 }, (_, i) => ({ id: `t${i}`, name: `Trader ${String(i).padStart(3, '0')}` }));

const page = reactRootPerTest();

/** The panel over the desk, matched in the browser as the pickers do (at most 50 listed). */
function Picker({
  onPick,
  onOuterKey,
  disabled = [],
}: {
  onPick: (p: Person) => void;
  onOuterKey?: () => void;
  disabled?: string[];
}) {
  const [query, setQuery] = useState('');
  const { shown, more } = matchOptions(DESK, query, (p) => p.name, 50);
  return (
    <div onKeyDown={onOuterKey}>
      <ComboboxPanel
        searchLabel="Search traders"
        listLabel="Traders"
        query={query}
        onQueryChange={setQuery}
        items={shown}
        more={more}
        getKey={(p) => p.id}
        renderItem={(p) => p.name}
        onPick={onPick}
        isDisabled={(p) => disabled.includes(p.id)}
        empty={`No trader matches “${query}”.`}
      />
    </div>
  );
}

/** Renders the picker (with these props) and answers the spy its picks go to. */
function renderPicker(props: { disabled?: string[] } = {}) {
  const onPick = vi.fn();
  act(() => page.root.render(<Picker onPick={onPick} {...props} />));
  return onPick;
}

const input = () => page.host.querySelector<HTMLInputElement>('[role="combobox"]')!;
const options = () => [...page.host.querySelectorAll<HTMLElement>('[role="option"]')];
const highlighted = () => options().find((o) => o.getAttribute('aria-selected') === 'true')?.textContent;
const press = (key: string) =>
  act(() => {
    input().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
function type(text: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('ComboboxPanel', () => {
  it('lists 50 of 500 and says how many more a sharper search reaches', () => {
    act(() => page.root.render(<Picker onPick={() => {}} />));
    expect(options()).toHaveLength(50);
    expect(page.host.textContent).toContain('450 more: type to narrow.');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    type('trader 49');
    // 049, 149, 249, 349, 449 and 490–499: every one listed, so no "more".
    expect(options().map((o) => o.textContent)).toEqual([
      ...[0, 1, 2, 3, 4].map((h) => `Trader ${h}49`),
      ...Array.from({ length: 10 }, (_, i) => `Trader 49${i}`),
    ]);
    expect(page.host.textContent).not.toContain('more: type to narrow');
  });

  it('moves with the arrows and pages, and picks with Enter', () => {
    const onPick = renderPicker();
    press('ArrowDown');
    press('ArrowDown');
    expect(highlighted()).toBe('Trader 002');
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[2]!.id);
    press('PageDown');
    expect(highlighted()).toBe('Trader 012');
    press('ArrowUp');
    press('PageUp');
    expect(highlighted()).toBe('Trader 001');
    press('Enter');
    expect(onPick).toHaveBeenCalledWith(DESK[1]);
  });

  it('starts again at the top of a new search, and says when nothing matches', () => {
    const onPick = renderPicker();
    press('ArrowDown');
    type('trader 3');
    expect(highlighted()).toBe('Trader 003');
    type('nobody');
    expect(options()).toHaveLength(0);
    expect(page.host.textContent).toContain('No trader matches “nobody”.');
    press('Enter');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('never picks a disabled option', () => {
    const onPick = renderPicker({ disabled: ['t0'] });
    expect(options()[0]!.getAttribute('aria-disabled')).toBe('true');
    press('Enter');
    act(() => options()[0]!.click());
    expect(onPick).not.toHaveBeenCalled();
    act(() => options()[1]!.click());
    expect(onPick).toHaveBeenCalledWith(DESK[1]);
  });

  it('keeps its keys from a form around it (Esc must not close the todo editor)', () => {
    const onOuterKey = vi.fn();
    act(() => page.root.render(<Picker onPick={() => {}} onOuterKey={onOuterKey} />));
    press('Escape');
    press('Enter');
    expect(onOuterKey).not.toHaveBeenCalled();
  });
});
