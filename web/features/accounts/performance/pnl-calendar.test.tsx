import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Performance } from '@contract/performance';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '~/test/react-root';
import { PnlCalendar } from './pnl-calendar';

/** getPerformance answered per month from a table of days; every asked input is kept. */
const DAY = 86_400_000;
const NOV3 = Date.UTC(2026, 10, 3);
const OCT30 = Date.UTC(2026, 9, 30);
const days = [
  { day: NOV3, trades: 4, realizedPnl: 120, fees: 2.5, funding: -0.5, net: 117 },
  { day: NOV3 + 2 * DAY, trades: 1, realizedPnl: -40, fees: 0.25, funding: 0, net: -40.25 },
  { day: OCT30, trades: 2, realizedPnl: 10, fees: 1, funding: 0, net: 9 },
];
const asked = vi.hoisted(() => [] as { from: number; to: number; traderId?: string }[]);
vi.mock('~/lib/rpc', () => ({
  orpc: {
    getPerformance: {
      queryOptions: ({ input }: { input: { from: number; to: number; traderId?: string } }) => ({
        queryKey: ['getPerformance', input],
        queryFn: async (): Promise<Partial<Performance>> => {
          asked.push(input);
          const inMonth = days.filter((d) => d.day >= input.from && d.day < input.to);
          return {
            days: inMonth,
            totals: { net: inMonth.reduce((a, d) => a + d.net, 0) } as Performance['totals'],
          };
        },
      }),
    },
  },
}));

const page = reactRootPerTest();
const $ = (sel: string) => document.querySelector<HTMLElement>(sel);
const dayButton = (ts: number) => $(`button[data-day="${ts}"]`)!;
const flush = async () => {
  for (let i = 0; i < 3; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
};
const key = (k: string) =>
  act(() => {
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
  });

async function render(traderId?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    page.root.render(
      <QueryClientProvider client={client}>
        <PnlCalendar traderId={traderId} initialDay={NOV3 + 10 * DAY + 5_000} />
      </QueryClientProvider>,
    ),
  );
  await flush();
}

describe('PnlCalendar', () => {
  it("reads the month of the range's end and tints each day by its net, with the figures in its name and the detail", async () => {
    asked.length = 0;
    await render('trader-1');
    expect(asked).toEqual([{ from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 11, 1), traderId: 'trader-1' }]);
    expect($('[data-testid="perf-calendar-month"]')!.textContent).toBe('November 2026');
    expect(document.querySelectorAll('[data-testid="perf-calendar-day"]')).toHaveLength(30);
    const up = dayButton(NOV3);
    expect(up.dataset.net).toBe('117.00');
    expect(up.style.backgroundColor).toContain('--color-success');
    expect(up.getAttribute('aria-label')).toBe(
      'Tue, 3 Nov 2026: net +$117.00; 4 fills, realized +$120.00, fees $2.50, funding −$0.50',
    );
    expect(dayButton(NOV3 + 2 * DAY).style.backgroundColor).toContain('--color-destructive');
    expect(dayButton(NOV3 + DAY).style.backgroundColor).toBe('');
    // The focused day (the range's last) is the one tab stop.
    expect(
      [...document.querySelectorAll('[data-testid="perf-calendar-day"]')].filter((b) => b.getAttribute('tabindex') === '0'),
    ).toEqual([dayButton(NOV3 + 10 * DAY)]);
    act(() => up.click());
    expect($('[data-testid="perf-calendar-detail"]')!.textContent).toContain('Fills4');
    expect($('[data-testid="perf-calendar-detail"]')!.textContent).toContain('$2.50');
  });

  it('moves by keyboard within and across months, and pages months with the buttons', async () => {
    asked.length = 0;
    await render();
    act(() => dayButton(NOV3 + 10 * DAY).focus());
    await key('Home'); // Monday 9 Nov
    expect(document.activeElement).toBe(dayButton(Date.UTC(2026, 10, 9)));
    await key('ArrowUp');
    await key('ArrowUp'); // Monday 26 Oct: the calendar turns to October
    await flush();
    expect($('[data-testid="perf-calendar-month"]')!.textContent).toBe('October 2026');
    expect(document.activeElement).toBe(dayButton(Date.UTC(2026, 9, 26)));
    expect(asked.at(-1)).toEqual({ from: Date.UTC(2026, 9, 1), to: Date.UTC(2026, 10, 1) });
    expect(dayButton(OCT30).dataset.net).toBe('9.00');
    expect($('[data-testid="perf-calendar-total"]')!.textContent).toContain('+$9.00');
    await key('Enter'); // not a calendar key: nothing moves
    expect(document.activeElement).toBe(dayButton(Date.UTC(2026, 9, 26)));
    act(() => $('[data-testid="perf-calendar-next"]')!.click());
    act(() => $('[data-testid="perf-calendar-next"]')!.click());
    await flush();
    expect($('[data-testid="perf-calendar-month"]')!.textContent).toBe('December 2026');
    expect($('[data-testid="perf-calendar-detail"]')!.textContent).toContain('No fills or funding this day');
  });
});
