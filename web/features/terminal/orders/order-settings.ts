import { useCallback, useSyncExternalStore } from 'react';

/**
 * The order panel's settings, kept in this browser (localStorage): three preset notional sizes in
 * USD, whether an order asks for confirmation (on by default), the last account traded, and the
 * default take-profit / stop-loss distances from the entry, in % or in price (none by default).
 */
export interface OrderSettings {
  presets: [number, number, number];
  confirm: boolean;
  accountEmail: string | null;
  /** what the default distances are in: % of the entry, or price (quote currency) from it */
  distanceUnit: DistanceUnit;
  takeProfitDistance: number | null;
  stopLossDistance: number | null;
}

export type DistanceUnit = 'percent' | 'offset';

export const DEFAULT_ORDER_SETTINGS: OrderSettings = {
  presets: [1_000, 5_000, 25_000],
  confirm: true,
  accountEmail: null,
  distanceUnit: 'percent',
  takeProfitDistance: null,
  stopLossDistance: null,
};

/** A distance the server takes (in %: 0 < d < 99; in price: d > 0), or null. */
export const validDistance = (v: unknown, unit: DistanceUnit) =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 && (unit === 'offset' || v < 99) ? v : null;

type Stored = Partial<OrderSettings> & { takeProfitPercent?: unknown; stopLossPercent?: unknown };
const KEY = 'meridian:terminal-order-settings';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: OrderSettings } | null = null;

export function parseOrderSettings(raw: string | null): OrderSettings {
  try {
    const v = raw ? (JSON.parse(raw) as Stored) : {};
    const unit: DistanceUnit = v.distanceUnit === 'offset' ? 'offset' : 'percent';
    const presets =
      Array.isArray(v.presets) &&
      v.presets.length === 3 &&
      v.presets.every((p) => typeof p === 'number' && p > 0 && Number.isFinite(p))
        ? (v.presets as OrderSettings['presets'])
        : DEFAULT_ORDER_SETTINGS.presets;
    return {
      presets,
      confirm: typeof v.confirm === 'boolean' ? v.confirm : true,
      accountEmail: typeof v.accountEmail === 'string' ? v.accountEmail : null,
      distanceUnit: unit,
      // Settings saved before distances could be in price kept them in % (takeProfitPercent).
      takeProfitDistance: validDistance(v.takeProfitDistance ?? (unit === 'percent' ? v.takeProfitPercent : null), unit),
      stopLossDistance: validDistance(v.stopLossDistance ?? (unit === 'percent' ? v.stopLossPercent : null), unit),
    };
  } catch {
    return DEFAULT_ORDER_SETTINGS;
  }
}

function read(): OrderSettings {
  const raw = localStorage.getItem(KEY);
  if (cached?.raw !== raw) cached = { raw, value: parseOrderSettings(raw) };
  return cached.value;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOrderSettings(): [OrderSettings, (patch: Partial<OrderSettings>) => void] {
  const settings = useSyncExternalStore(subscribe, read);
  const update = useCallback((patch: Partial<OrderSettings>) => {
    localStorage.setItem(KEY, JSON.stringify({ ...read(), ...patch }));
    for (const l of listeners) l();
  }, []);
  return [settings, update];
}
