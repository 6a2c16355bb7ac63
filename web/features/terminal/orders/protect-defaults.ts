import type { OrderSettings } from './order-settings';
import { onTick } from './tick-step';

type PositionSide = 'LONG' | 'SHORT';

/**
 * The settings' default distance as a trigger from the position's entry, on the tick: a take-profit
 * beyond the entry in the position's favour, a stop-loss short of it (the server's triggerFromDistance
 * for an entry). Null when the settings have no default or it leaves no price above zero.
 */
export function defaultTrigger(
  settings: Pick<OrderSettings, 'distanceUnit' | 'takeProfitDistance' | 'stopLossDistance'>,
  kind: 'tp' | 'sl',
  side: PositionSide,
  entry: number,
  tick: number,
): number | null {
  const distance = kind === 'tp' ? settings.takeProfitDistance : settings.stopLossDistance;
  if (distance === null) return null;
  const sign = (kind === 'tp') === (side === 'LONG') ? 1 : -1;
  const raw = settings.distanceUnit === 'percent' ? entry * (1 + (sign * distance) / 100) : entry + sign * distance;
  const price = onTick(raw, tick);
  return price > 0 ? price : null;
}
