import { formatPrice, MINUS } from '~/lib/format';
import { changePercent, type PricePoint } from './price-store';

/** What a price chip shows: the price, the change since the headline, its tone and the last move. */
export interface ChipFigures {
  price: string;
  change: string;
  tone: 'up' | 'down' | 'flat';
  /** The direction of the last move (the digits' tint); none before the first move. */
  flash: 'up' | 'down' | undefined;
}

export function formatChange(percent: number | undefined) {
  if (percent === undefined) return '—';
  const rounded = Math.abs(percent) < 0.005 ? 0 : percent;
  const sign = rounded > 0 ? '+' : rounded < 0 ? MINUS : '';
  return `${sign}${Math.abs(rounded).toFixed(2)}%`;
}

const isFlat = (percent: number | undefined) => percent === undefined || Math.abs(percent) < 0.005;

export const changeTone = (percent: number | undefined) =>
  isFlat(percent) ? 'text-muted-foreground' : percent! > 0 ? 'text-success' : 'text-destructive';

export const changeArrow = (percent: number | undefined) => (isFlat(percent) ? '' : percent! > 0 ? '▲' : '▼');

export function chipFigures(point: PricePoint | undefined, priceAtPublish: number | undefined): ChipFigures {
  const change = changePercent(priceAtPublish, point?.price);
  return {
    price: point ? formatPrice(point.price) : '…',
    change: `${changeArrow(change)}${formatChange(change)}`,
    tone: isFlat(change) ? 'flat' : change! > 0 ? 'up' : 'down',
    flash: point?.previous === undefined ? undefined : point.price > point.previous ? 'up' : 'down',
  };
}

export const sameFigures = (a: ChipFigures | undefined, b: ChipFigures) =>
  !!a && a.price === b.price && a.change === b.change && a.tone === b.tone && a.flash === b.flash;

/**
 * The chip as assistive tech (and the e2e tests) read it: the digits are drawn on a canvas, so the
 * chip is an image whose name carries the symbol, the live price (said to be simulated when it is)
 * and the change in words.
 */
export function chipLabel(symbol: string, figures: ChipFigures, simulated = false) {
  if (figures.price === '…') return `${symbol}, price loading`;
  const price = `${symbol} ${figures.price}${simulated ? ' (simulated)' : ''}`;
  if (figures.change === '—') return price;
  const amount = figures.change.replace(/^[▲▼]/, '').replace(/^[+−]/, '');
  const change = figures.tone === 'flat' ? 'unchanged' : `${figures.tone} ${amount}`;
  return `${price}, ${change} since published`;
}

/** The chip's tooltip: its source when simulated, the price when the headline was published. */
export function chipTitle(symbol: string, priceAtPublish: number | undefined, simulated: boolean) {
  const parts = [symbol];
  if (simulated) parts.push('simulated price (the local market, not an exchange)');
  if (priceAtPublish) parts.push(`${formatPrice(priceAtPublish)} when published`);
  return parts.join(' · ');
}
