import { describe, expect, it } from 'vitest';
import { defaultTrigger } from './protect-defaults';

const percent = { distanceUnit: 'percent', takeProfitDistance: 2, stopLossDistance: 1 } as const;
const offset = { distanceUnit: 'offset', takeProfitDistance: 50, stopLossDistance: 25.5 } as const;

describe('defaultTrigger', () => {
  it("puts a long's take-profit above the entry and its stop below, a short's the other way round, on the tick", () => {
    expect(defaultTrigger(percent, 'tp', 'LONG', 3000, 0.01)).toBe(3060);
    expect(defaultTrigger(percent, 'sl', 'LONG', 3000, 0.01)).toBe(2970);
    expect(defaultTrigger(percent, 'tp', 'SHORT', 3000, 0.01)).toBe(2940);
    expect(defaultTrigger(percent, 'sl', 'SHORT', 3000, 0.01)).toBe(3030);
    expect(defaultTrigger(percent, 'sl', 'LONG', 3000.37, 0.1)).toBe(2970.4);
  });

  it('takes a distance in price as an offset from the entry', () => {
    expect(defaultTrigger(offset, 'tp', 'LONG', 3000, 0.01)).toBe(3050);
    expect(defaultTrigger(offset, 'sl', 'SHORT', 3000, 0.01)).toBe(3025.5);
  });

  it('is null without a default, or where the distance leaves no price above zero', () => {
    expect(defaultTrigger({ ...percent, takeProfitDistance: null }, 'tp', 'LONG', 3000, 0.01)).toBeNull();
    expect(defaultTrigger({ ...offset, stopLossDistance: 5000 }, 'sl', 'LONG', 3000, 0.01)).toBeNull();
  });
});
