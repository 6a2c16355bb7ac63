import type { OrderSide } from '../contract/enums';

/**
 * What an account earned, as the exchange reports it: its fills (Binance userTrades) and the
 * income that is not a fill's (Binance income: FUNDING_FEE). Amounts in USD; fees positive.
 */
export interface VenueFill {
  /** the exchange's trade id (unique per account): a fill is stored once under it */
  tradeId: string;
  /** the exchange's id of the order it filled (our orders carry it: who the fill belongs to) */
  exchangeOrderId: string | null;
  symbol: string;
  side: OrderSide;
  price: number;
  quantity: number;
  fee: number;
  feeAsset: string;
  feeUsd: number;
  /** gross of fees: what the fill closed of the position, priced against its average entry */
  realizedPnl: number;
  maker: boolean;
  ts: number;
}

export interface VenueIncome {
  /** unique per account (Binance: incomeType and tranId) */
  id: string;
  /** FUNDING_FEE, … (Binance's incomeType) */
  kind: string;
  symbol: string | null;
  /** signed: a funding payment received is positive */
  amountUsd: number;
  ts: number;
}

/** Binance USDⓈ-M fees at VIP 0 (the simulated venue charges the same): maker 0.02 %, taker 0.05 %. */
export const MAKER_FEE_RATE = 0.0002;
export const TAKER_FEE_RATE = 0.0005;

/** The realized PnL of a fill against the position before it (signed base quantity, average entry): the exchange's rule. */
export function realizedPnlOf(
  position: { quantity: number; entryPrice: number },
  fill: { side: OrderSide; quantity: number; price: number },
): number {
  const sign = fill.side === 'BUY' ? 1 : -1;
  if (position.quantity === 0 || Math.sign(position.quantity) === sign) return 0;
  const closed = Math.min(fill.quantity, Math.abs(position.quantity));
  return (fill.price - position.entryPrice) * closed * Math.sign(position.quantity);
}
