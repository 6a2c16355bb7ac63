import { describe, expect, it } from 'vitest';
import type { NewsTrade } from '@contract/news-trades';
import { groupsCsv, groupTrades, latest, tradesCsv } from './trade-groups';

const fig = (percent: number) => ({ percent, usd: percent * 10 });
const none = { m1: null, m5: null, m15: null, close: null };

function trade(id: string, over: Partial<NewsTrade> & { source?: string; kind?: NewsTrade['headline']['kind'] } = {}): NewsTrade {
  const { source = 'sim:wire', kind = 'listing', ...rest } = over;
  return {
    orderId: id,
    traderId: 'u1',
    traderName: 'Taylor',
    symbol: 'ETHUSDT',
    side: 'BUY',
    headline: {
      id: 1,
      title: 'Binance will list "FOO", at last',
      sourceId: source,
      sourceName: source === 'sim:wire' ? 'Wire' : null,
      importance: 'high',
      kind,
      publishedAt: 0,
    },
    orderAt: 4_000,
    reactionMs: 4_000,
    simulated: true,
    stage: 'done',
    entryPrice: 100,
    entryAt: 4_100,
    quantity: 1,
    taken: none,
    closed: false,
    closeAt: null,
    hypothetical: { ...none, entryPrice: 99 },
    ...rest,
  };
}

describe('groupTrades', () => {
  it('sums each group from its latest figures: hit rate and average PnL, taken and hypothetical', () => {
    const trades = [
      trade('a', { taken: { ...none, m1: fig(-1), close: fig(2) }, hypothetical: { ...none, entryPrice: 99, m15: fig(3) } }),
      trade('b', { taken: { ...none, m1: fig(1), m5: fig(-3) } }),
      trade('c'), // pending: counted, not scored
      trade('d', { source: 'x:feed', kind: 'hack', taken: { ...none, m15: fig(4) } }),
    ];
    const bySource = groupTrades(trades, 'source');
    expect(bySource.map((g) => [g.label, g.trades, g.scored])).toEqual([
      ['Wire', 3, 2],
      ['x:feed', 1, 1],
    ]);
    expect(bySource[0]).toMatchObject({
      hitRate: 0.5,
      avgPercent: -0.5,
      avgUsd: -5,
      hypotheticalHitRate: 1,
      hypotheticalAvgPercent: 3,
    });
    expect(groupTrades(trades, 'kind').map((g) => g.label)).toEqual(['Listing', 'Hack / exploit']);
    expect(groupTrades([trade('c')], 'importance')[0]).toMatchObject({ key: 'high', scored: 0, hitRate: null, avgPercent: null });
  });

  it('latest prefers the close, then the latest window', () => {
    expect(latest({ m1: fig(1), m5: fig(2), m15: null, close: null })).toEqual(fig(2));
    expect(latest({ m1: fig(1), m5: fig(2), m15: fig(3), close: fig(-1) })).toEqual(fig(-1));
    expect(latest(none)).toBeNull();
  });
});

describe('CSV', () => {
  it('one row per trade with quoted headlines, open or closed said in words; one per group', () => {
    const csv = tradesCsv([trade('a', { taken: { ...none, close: fig(2) } })]);
    const [header, row] = csv.trim().split('\r\n');
    expect(header!.split(',')).toContain('pnl_close_usd');
    expect(row).toContain('"Binance will list ""FOO"", at last"');
    expect(row).toContain(',20,open,99,');
    expect(groupsCsv(groupTrades([trade('a')], 'kind'), 'kind')).toBe(
      'kind,trades,scored,hit_rate,avg_pnl_pct,avg_pnl_usd,hyp_hit_rate,hyp_avg_pnl_pct\r\nListing,1,0,,,,,\r\n',
    );
  });
});
