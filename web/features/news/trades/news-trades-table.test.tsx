import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { NewsTrade } from '@contract/news-trades';
import { reactRootPerTest } from '~/test/react-root';
import { NewsTradesTable } from './news-trades-table';

const page = reactRootPerTest();
const none = { m1: null, m5: null, m15: null, close: null };

const trade = (over: Partial<NewsTrade>): NewsTrade => ({
  orderId: 'o1',
  traderId: 'u1',
  traderName: 'Taylor Trader',
  symbol: 'ETHUSDT',
  side: 'SELL',
  headline: {
    id: 7,
    title: 'Bridge exploited',
    sourceId: 'sim:wire',
    sourceName: 'Wire',
    importance: 'critical',
    kind: 'hack',
    publishedAt: 0,
  },
  orderAt: 3_500,
  reactionMs: 3_500,
  simulated: true,
  stage: 'm15',
  entryPrice: 2000,
  entryAt: 3_600,
  quantity: 0.5,
  taken: { ...none, m1: { percent: 1.25, usd: 12.5 }, m5: { percent: -0.4, usd: -4 } },
  closed: false,
  closeAt: null,
  hypothetical: { ...none, entryPrice: 2010, m1: { percent: 1.7, usd: 17.09 } },
  ...over,
});

const cell = (id: string) => page.host.querySelector(`[data-testid="trade-${id}"]`)!.textContent;

describe('NewsTradesTable', () => {
  it('shows what was taken with the hypothetical at publication beneath, and pending windows as pending', () => {
    act(() => page.root.render(<NewsTradesTable trades={[trade({})]} withTrader />));
    expect(cell('m1')).toMatch(/\+1\.25%.*\+\$12\.50.*pub\. \+1\.70%/);
    expect(cell('m5')).toMatch(/−0\.40%/);
    expect(cell('m15')).toBe('pending');
    expect(cell('close')).toBe('pending');
    expect(page.host.textContent).toContain('Taylor Trader');
    expect(page.host.textContent).toContain('Hack / exploit');
    expect(page.host.textContent).toContain('pub. 2,010.00');
  });

  it('says open or closed under the close, a missed window as a dash, an unfilled entry as such; no trader column for your own', () => {
    act(() =>
      page.root.render(
        <NewsTradesTable
          trades={[trade({ stage: 'close', taken: { ...none, m5: { percent: 1, usd: 10 }, close: { percent: 2, usd: 20 } } })]}
          withTrader={false}
        />,
      ),
    );
    expect(cell('m1')).toBe('—pub. +1.70%');
    expect(cell('close')).toMatch(/\+2\.00%.*open/);
    expect(page.host.textContent).not.toContain('Taylor Trader');
    act(() => page.root.render(<NewsTradesTable trades={[trade({ stage: 'void', taken: none })]} withTrader={false} />));
    expect(cell('m1')).toBe('not filledpub. +1.70%');
  });
});
