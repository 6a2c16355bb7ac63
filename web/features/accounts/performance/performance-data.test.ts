import { describe, expect, it } from 'vitest';
import { byPeriod, cumulative, fillsCsv, periodStart } from './performance-data';

const DAY = 86_400_000;
const day = (iso: string, net: number) => ({
  day: Date.parse(`${iso}T00:00:00Z`),
  trades: 1,
  realizedPnl: net,
  fees: 0,
  funding: 0,
  net,
});

describe('performance data', () => {
  it('weeks start on Monday (UTC), months on the 1st', () => {
    expect(new Date(periodStart(Date.parse('2026-11-29T23:00:00Z'), 'week')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(new Date(periodStart(Date.parse('2026-11-30T01:00:00Z'), 'week')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(new Date(periodStart(Date.parse('2026-11-30T01:00:00Z'), 'month')).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it('sums days into weeks and months, and runs the net', () => {
    const days = [day('2026-10-31', 5), day('2026-11-01', -2), day('2026-11-02', 4)];
    expect(byPeriod(days, 'month').map((m) => [new Date(m.day).getUTCMonth(), m.net, m.trades])).toEqual([
      [9, 5, 1],
      [10, 2, 2],
    ]);
    expect(byPeriod(days, 'week').map((w) => w.net)).toEqual([3, 4]);
    expect(cumulative(days).map((p) => p.value)).toEqual([5, 3, 7]);
    expect(days[1]!.day - days[0]!.day).toBe(DAY);
  });

  it('quotes CSV cells that need it', () => {
    const text = fillsCsv([
      {
        id: 'a:1',
        accountEmail: 'x,y@sim',
        orderId: null,
        symbol: 'BTCUSDT',
        side: 'BUY',
        price: 1,
        quantity: 2,
        fee: 0.1,
        feeAsset: 'USDT',
        feeUsd: 0.1,
        realizedPnl: 0,
        maker: false,
        ts: 0,
      },
    ]);
    expect(text.split('\n')[1]).toBe('1970-01-01T00:00:00.000Z,"x,y@sim",BTCUSDT,BUY,1,2,0.1,USDT,0.1,0,false,,a:1');
  });
});
