import type { FirmPerformance } from '@contract/performance';
import { describe, expect, it } from 'vitest';
import { FIRM_COLOR, firmTradersCsv, performanceLines, runningNet } from './firm-performance-data';

const DAY = 86_400_000;
const trader = (traderId: string, nets: number[]) => ({
  traderId,
  name: traderId.toUpperCase(),
  email: `${traderId}@x.test`,
  trades: 0,
  closing: 0,
  wins: 0,
  winRate: null,
  realizedPnl: 0,
  fees: 0,
  funding: 0,
  net: 0,
  volume: 0,
  days: nets.map((net, i) => ({ day: i * DAY, net })),
});

describe('the firm performance chart', () => {
  it('runs each net into a total, one point a day', () => {
    expect(
      runningNet([
        { day: 0, net: 5 },
        { day: DAY, net: -7.5 },
        { day: 2 * DAY, net: 1 },
      ]),
    ).toEqual([
      { ts: 0, value: 5 },
      { ts: DAY, value: -2.5 },
      { ts: 2 * DAY, value: -1.5 },
    ]);
  });

  it('draws the firm first, then the chosen traders in the chosen order and colours, leaving out one it does not know', () => {
    const perf = {
      days: [{ day: 0, trades: 1, realizedPnl: 3, fees: 1, funding: 0, net: 2 }],
      traders: [trader('a', [1, 1]), trader('b', [-4])],
    } as unknown as FirmPerformance;
    const lines = performanceLines(perf, ['b', 'gone', 'a'], (i) => `c${i}`);
    expect(lines.map((l) => [l.id, l.label, l.color])).toEqual([
      ['firm', 'Firm', FIRM_COLOR],
      ['b', 'B', 'c0'],
      ['a', 'A', 'c2'],
    ]);
    expect(lines[2]!.points.at(-1)).toEqual({ ts: DAY, value: 2 });
    expect(performanceLines(perf, [], String)).toHaveLength(1);
  });
});

describe('the firm performance CSV', () => {
  it('one line per trader as listed, then the firm; a trader without closing fills has an empty win rate', () => {
    const totals = {
      trades: 5,
      closing: 2,
      wins: 1,
      winRate: 0.5,
      realizedPnl: 10,
      fees: 1.5,
      funding: -0.25,
      net: 8.25,
      volume: 900,
    };
    const perf = {
      totals,
      traders: [{ ...trader('a', []), name: 'Doe, Jane', ...totals }, trader('b', [])],
    } as unknown as FirmPerformance;
    expect(firmTradersCsv(perf).split('\r\n')).toEqual([
      'trader,email,trades,closing,wins,win_rate,realized_pnl_usd,fees_usd,funding_usd,net_usd,volume_usd',
      '"Doe, Jane",a@x.test,5,2,1,0.5,10,1.5,-0.25,8.25,900',
      'B,b@x.test,0,0,0,,0,0,0,0,0',
      'Firm,,5,2,1,0.5,10,1.5,-0.25,8.25,900',
      '',
    ]);
  });
});
