import { describe, expect, it } from 'vitest';
import { escapeHtml, formatNewsMessage, symbolTag, truncateMessage, visibleLength } from './format';

describe('escapeHtml', () => {
  it('escapes <, > and & only', () => {
    expect(escapeHtml(`a < b && c > "d" 'e'`)).toBe(`a &lt; b &amp;&amp; c &gt; "d" 'e'`);
  });
});

describe('formatNewsMessage', () => {
  it('puts the importance emoji, escaped title, #tags, source and link', () => {
    const text = formatNewsMessage({
      title: '  BTC <breaks>\n $100k & more ',
      url: 'https://www.coindesk.com/a?x=1&y="2"',
      symbols: ['BTC', 'eth', 'BTC', '1000PEPE', '$$'],
      importance: 'high',
      source: 'Coin<Desk>',
    });
    expect(text).toBe(
      [
        '🔴 <b>BTC &lt;breaks&gt; $100k &amp; more</b>',
        '#BTC #ETH #1000PEPE · Coin&lt;Desk&gt;',
        '<a href="https://www.coindesk.com/a?x=1&amp;y=%222%22">coindesk.com</a>',
      ].join('\n'),
    );
  });

  it('omits what is missing and refuses non-http links', () => {
    expect(formatNewsMessage({ title: 'T', url: 'javascript:alert(1)', symbols: [], importance: 'critical', source: '' })).toBe(
      '🚨 <b>T</b>',
    );
    expect(formatNewsMessage({ title: 'T', symbols: ['SOL'], importance: 'low', source: 'X' })).toBe('⚪ <b>T</b>\n#SOL · X');
    expect(symbolTag('btc-usdt')).toBe('#BTCUSDT');
  });
});

describe('truncateMessage', () => {
  it('leaves short text alone and cuts plain text with an ellipsis, never splitting a surrogate pair', () => {
    expect(truncateMessage('hi')).toBe('hi');
    const emoji = 'a'.repeat(4094) + '🚀🚀';
    const cut = truncateMessage(emoji);
    expect(cut.length).toBeLessThanOrEqual(4096);
    expect(cut).toBe('a'.repeat(4094) + '…');
  });

  it('counts HTML by visible text, keeps entities whole and closes open tags', () => {
    const html = `<b>${'&amp;'.repeat(10)}</b>`;
    expect(visibleLength(html, 'HTML')).toBe(10);
    expect(truncateMessage(html, 'HTML', 10)).toBe(html);
    expect(truncateMessage(html, 'HTML', 5)).toBe(`<b>${'&amp;'.repeat(4)}…</b>`);
    expect(truncateMessage('<b>ab<i>cd<a href="u">ef</a></i></b>', 'HTML', 5)).toBe('<b>ab<i>cd…</i></b>');
    // a tag opened right at the cut is dropped rather than left empty
    expect(truncateMessage('abcd<a href="https://x">link</a>', 'HTML', 5)).toBe('abcd…');
  });
});
