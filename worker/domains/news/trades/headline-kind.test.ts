import { describe, expect, it } from 'vitest';
import { HEADLINE_KINDS, type HeadlineKind } from '../../../contract/enums';
import { classifyHeadline } from './headline-kind';

const CASES: [string, HeadlineKind][] = [
  ['Binance will list Jupiter (JUP) with seed tag applied', 'listing'],
  ['Coinbase lists PEPE perpetuals', 'listing'],
  ['Bybit launches SOL perpetual contracts with 50x leverage', 'listing'],
  ['Binance will delist ANT, MULTI, VAI on 2024-02-20', 'delisting'],
  ['OKX delists 20 trading pairs', 'delisting'],
  ['Kraken to remove several spot trading pairs', 'delisting'],
  ['Curve pools exploited, $47M drained', 'hack'],
  ['Bridge hacked: attacker moves 12k ETH', 'hack'],
  ['Exchange reports hot wallet breach, withdrawals paused', 'hack'],
  ['SEC sues Binance and its CEO', 'regulation'],
  ['SEC approves spot bitcoin ETFs', 'regulation'],
  ['EU MiCA rules take effect for stablecoins', 'regulation'],
  ['Fed holds rates, Powell signals two cuts', 'macro'],
  ['US CPI comes in hotter than expected', 'macro'],
  ['Fed cuts interest rates by 25 bps', 'macro'],
  ['Chainlink partners with SWIFT on tokenised assets', 'partnership'],
  ['Visa integrates Solana for USDC settlement', 'partnership'],
  ['Ethereum upgrade ships to mainnet', 'other'],
  ['BTC reclaims $70k', 'other'],
];

describe('classifyHeadline', () => {
  it.each(CASES)('%s → %s', (title, kind) => {
    expect(classifyHeadline(title)).toBe(kind);
  });

  it('matches whole words only: Binance is not a ban, Federation not the Fed, a playlist not a listing', () => {
    expect(classifyHeadline('Binance adds new staking products')).toBe('other');
    expect(classifyHeadline('Football Federation launches fan token')).toBe('other');
    expect(classifyHeadline('Spotify playlist goes onchain')).toBe('other');
  });

  it('puts a delisting before a listing and a hack before a lawsuit', () => {
    expect(classifyHeadline('Binance delisting: the listing of XYZ ends')).toBe('delisting');
    expect(classifyHeadline('Exchange sued after $100M hack')).toBe('hack');
  });

  it('ignores case and always answers one of the kinds', () => {
    expect(classifyHeadline('BINANCE WILL LIST FOO')).toBe('listing');
    for (const title of ['', '   ', '🚀🚀🚀', 'x'.repeat(2_000)]) expect(HEADLINE_KINDS).toContain(classifyHeadline(title));
  });
});
