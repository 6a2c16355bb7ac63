import { beforeAll, describe, expect, it } from 'vitest';
import { installHoverTitles } from './hover-title';

describe('hover titles', () => {
  beforeAll(() => installHoverTitles(document));

  const over = (el: Element) => el.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));

  it('copies the nearest data-hover-title into title when the pointer comes over', () => {
    document.body.innerHTML = '<span id="figure" data-hover-title="1,234.5678 USD"><span id="text">$1.23K</span></span>';
    const figure = document.getElementById('figure')!;
    expect(figure.hasAttribute('title')).toBe(false);
    over(document.getElementById('text')!);
    expect(figure.title).toBe('1,234.5678 USD');
  });

  it('follows a value that changed since the last hover, and leaves other elements alone', () => {
    document.body.innerHTML = '<div id="plain"></div><span id="figure" data-hover-title="1 USD"></span>';
    const figure = document.getElementById('figure')!;
    over(figure);
    figure.dataset.hoverTitle = '2 USD';
    expect(figure.title).toBe('1 USD');
    over(figure);
    expect(figure.title).toBe('2 USD');
    over(document.getElementById('plain')!);
    expect(document.getElementById('plain')!.hasAttribute('title')).toBe(false);
  });
});
