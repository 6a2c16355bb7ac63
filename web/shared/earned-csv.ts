/** What was earned over a range, as a symbol's, a trader's and the firm's line carry it. */
interface EarnedLine {
  trades: number;
  closing: number;
  wins: number;
  winRate: number | null;
  realizedPnl: number;
  fees: number;
  funding: number;
  net: number;
}

/** The CSV columns of an EarnedLine, in the order earnedCsvCells gives them. */
export const EARNED_CSV_HEADER = [
  'trades',
  'closing',
  'wins',
  'win_rate',
  'realized_pnl_usd',
  'fees_usd',
  'funding_usd',
  'net_usd',
];

export const earnedCsvCells = (e: EarnedLine) => [
  e.trades,
  e.closing,
  e.wins,
  e.winRate,
  e.realizedPnl,
  e.fees,
  e.funding,
  e.net,
];
