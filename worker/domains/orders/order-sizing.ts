import { onTick, roundToStep, type OrderVenue, type SymbolRules } from '../../exchanges/order-venue';
import { SIM_ORDER_LEVERAGE } from '../../exchanges/simulated/fills';
import { domainError } from '../../lib/domain-error';
import type { GateReads } from './gate/gate-client';
import type { OrderAsk } from './gate/gate-core';
import type { OrderInput } from './order-types';

export interface Sized {
  rules: SymbolRules;
  markPrice: number;
  /** rounded to the step; null: a close of the whole position (the gate sizes it) */
  quantity: number | null;
}

/** Quantity from the notional at the mark, rounded down to the step, checked against the symbol's filters. */
export async function sizeOrder(venue: OrderVenue, input: OrderInput, markPrice?: Promise<number>): Promise<Sized> {
  const [rules, mark] = await Promise.all([venue.rules(input.symbol), markPrice ?? venue.markPrice(input.symbol)]);
  if (!rules) throw domainError('BAD_REQUEST', `${input.symbol} cannot be traded on this account`);
  if (!Number.isFinite(mark) || mark <= 0)
    throw domainError('SERVICE_UNAVAILABLE', `No mark price for ${input.symbol} right now`);
  if (input.type === 'LIMIT') checkLimitPrice(input, rules, mark);
  if (input.reduceOnly && input.quantity === undefined && input.notional === undefined)
    return { rules, markPrice: mark, quantity: null };
  // A limit's notional is at its own price: that is what it costs when it fills.
  const price = input.type === 'LIMIT' ? input.price! : mark;
  const quantity = roundToStep(input.quantity ?? input.notional! / price, rules.stepSize);
  if (quantity > rules.maxQty) throw domainError('BAD_REQUEST', `Quantity above ${input.symbol}'s maximum of ${rules.maxQty}`);
  // A close is checked against the minimums once the gate has capped it at the position.
  if (input.reduceOnly) return { rules, markPrice: mark, quantity };
  if (quantity < rules.minQty)
    throw domainError('BAD_REQUEST', `Quantity below ${input.symbol}'s minimum of ${rules.minQty} (step ${rules.stepSize})`);
  // Binance lets a reduce-only order under the minimum notional through; we do the same.
  if (quantity * price < rules.minNotional)
    throw domainError('BAD_REQUEST', `Order notional below ${input.symbol}'s minimum of ${rules.minNotional} USDT`);
  return { rules, markPrice: mark, quantity };
}

const priceError = (message: string, reason: string) => domainError('BAD_REQUEST', message, { reason });

/**
 * A limit price the exchange would refuse, refused before the gates with what to do about it:
 * off the tick or outside PRICE_FILTER's bounds, outside PERCENT_PRICE's band around the mark, or
 * a post-only order that would take at the mark now.
 */
export function checkLimitPrice(input: OrderInput, rules: SymbolRules, mark: number) {
  const price = input.price!;
  const s = input.symbol;
  if (rules.tickSize && !onTick(price, rules.tickSize))
    throw priceError(`The limit price ${price} is not on ${s}'s tick of ${rules.tickSize}: round it to the tick`, 'priceFilter');
  if (rules.minPrice && price < rules.minPrice)
    throw priceError(`The limit price is below ${s}'s minimum price of ${rules.minPrice}`, 'priceFilter');
  if (rules.maxPrice && price > rules.maxPrice)
    throw priceError(`The limit price is above ${s}'s maximum price of ${rules.maxPrice}`, 'priceFilter');
  if (rules.multiplierUp && price > mark * rules.multiplierUp)
    throw priceError(
      `The limit price is more than ${Math.round((rules.multiplierUp - 1) * 100)} % above the mark (${mark}): the exchange refuses it`,
      'priceFilter',
    );
  if (rules.multiplierDown && price < mark * rules.multiplierDown)
    throw priceError(
      `The limit price is more than ${Math.round((1 - rules.multiplierDown) * 100)} % below the mark (${mark}): the exchange refuses it`,
      'priceFilter',
    );
  const crosses = input.side === 'BUY' ? price >= mark : price <= mark;
  if (crosses && input.timeInForce === 'GTX')
    throw priceError(
      `Post-only order would cross: a ${input.side === 'BUY' ? 'buy' : 'sell'} at ${price} takes at the mark ${mark} now; ${input.side === 'BUY' ? 'lower' : 'raise'} the price`,
      'postOnlyWouldCross',
    );
}

/** The order as its gates judge it. */
export function gateAsk(orderId: string, accountId: string, input: OrderInput, sized: Sized, reads: GateReads): OrderAsk {
  const held = reads.traders[0]?.read.accounts
    .find((a) => a.accountId === accountId)
    ?.positions.find((p) => p.symbol === input.symbol);
  return {
    orderId,
    accountId,
    symbol: input.symbol,
    side: input.side,
    quantity: sized.quantity,
    reduceOnly: input.reduceOnly,
    mark: sized.markPrice,
    stepSize: sized.rules.stepSize,
    minQty: sized.rules.minQty,
    // A leverage setting of 0 would make the shown margin infinite: nothing non-finite is stored.
    leverageSetting: held?.leverage && held.leverage > 0 ? held.leverage : SIM_ORDER_LEVERAGE,
    rests: input.type === 'LIMIT',
  };
}
