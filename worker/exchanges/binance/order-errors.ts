import type { BinanceErrorBody } from './errors';

/** Codes whose answer means the order's fate is unknown: settle by a query before any retry. */
export const UNKNOWN_OUTCOME_CODES = new Set([-1006, -1007]);

/** Binance's order refusals as messages a trader can act on (PROVIDERS.md "Orders"). */
export function orderRefusalMessage(status: number, body: BinanceErrorBody): string {
  switch (body.code) {
    case -2019:
      return 'Insufficient margin on this account for this order: reduce the size or add margin';
    case -4164:
      return "The order's notional is below the symbol's minimum: use a larger size";
    case -1111:
      return 'The quantity has more decimals than the symbol allows (precision)';
    case -1013:
      return `The order breaks the symbol's size rules: ${body.msg ?? 'filter failure'}`;
    case -2022:
      return 'Reduce-only order rejected: it would not reduce the position';
    case -4014:
      return "The limit price is not on the symbol's tick size (PRICE_FILTER): round it to the tick";
    case -4016:
    case -4024:
      return `The limit price is outside the band Binance allows around the mark: ${body.msg ?? 'move it closer'}`;
    case -5022:
      return 'Post-only order rejected: at this price it would take liquidity immediately';
    case -2021:
      return 'The order would trigger immediately: move the trigger price to the other side of the mark';
    case -2011:
      return 'The order is not open any more at the exchange (filled, canceled or expired)';
    case -1015:
      return "Too many orders: the account's order rate limit is reached, wait a few seconds";
    case -1003:
      return 'Rate limit reached: wait a few seconds before the next order';
    case -2015:
    case -2014:
    case -1022:
      return "Binance refused this account's trading key (invalid key, IP whitelist or permissions)";
    default:
      if (status === 429 || status === 418) return 'Rate limit reached: wait a few seconds before the next order';
      return `Binance refused the order: ${body.msg ?? `HTTP ${status}`}${body.code ? ` (${body.code})` : ''}`;
  }
}
