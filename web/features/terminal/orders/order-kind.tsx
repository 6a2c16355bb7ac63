import { useState } from 'react';
import type { TimeInForce } from '@contract/enums';
import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/select';
import type { DistanceUnit, OrderSettings } from './order-settings';

/** The ticket's order kind: market (with an optional take-profit / stop-loss) or limit (price, time in force). */
export interface OrderKind {
  type: 'MARKET' | 'LIMIT';
  price?: number;
  timeInForce: TimeInForce;
  takeProfit?: number;
  stopLoss?: number;
  /** TP / SL as trigger prices, or as distances from the entry (the limit price, or the mark) in % or in price */
  protectUnit: 'price' | DistanceUnit;
}

const num = (v: string) => (v.trim() === '' || !(Number(v) > 0) ? undefined : Number(v));

/** The kind's fields for the order: what previewOrder and placeOrder take. */
export function kindFields(k: OrderKind) {
  return k.type === 'LIMIT'
    ? { type: 'LIMIT' as const, price: k.price, timeInForce: k.timeInForce }
    : { type: 'MARKET' as const };
}

/** Take-profit and stop-loss go with an entry, market or limit (placeOrder only). */
export function protectionFields(k: OrderKind) {
  if (k.protectUnit === 'percent') return { takeProfitPercent: k.takeProfit, stopLossPercent: k.stopLoss };
  if (k.protectUnit === 'offset') return { takeProfitOffset: k.takeProfit, stopLossOffset: k.stopLoss };
  return { takeProfit: k.takeProfit, stopLoss: k.stopLoss };
}

/** The ticket's kind; TP / SL start from the settings' default distances (in % or in price), when there are any. */
export function useOrderKind(defaults: Pick<OrderSettings, 'distanceUnit' | 'takeProfitDistance' | 'stopLossDistance'>) {
  const [kind, setKind] = useState<OrderKind>(() => ({
    type: 'MARKET',
    timeInForce: 'GTC',
    protectUnit: defaults.distanceUnit,
    takeProfit: defaults.takeProfitDistance ?? undefined,
    stopLoss: defaults.stopLossDistance ?? undefined,
  }));
  return [kind, (patch: Partial<OrderKind>) => setKind((k) => ({ ...k, ...patch }))] as const;
}

const FIELD = 'h-7 w-24 text-right text-xs tabular-nums max-md:h-10';
const UNIT_SUFFIX: Record<OrderKind['protectUnit'], string> = { percent: ' %', offset: ' ±', price: '' };

/** Market / Limit, the limit's price and time in force, and the entry's TP / SL trigger prices. */
export function OrderKindFields({ kind, update }: { kind: OrderKind; update: (patch: Partial<OrderKind>) => void }) {
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="order-kind">
      <label className="flex flex-col text-xs text-muted-foreground">
        Type
        <NativeSelect
          aria-label="Order type"
          className="w-24 [&_select]:h-7 [&_select]:text-xs max-md:[&_select]:h-10"
          value={kind.type}
          onChange={(e) => update({ type: e.target.value as OrderKind['type'] })}
          data-testid="order-type"
        >
          <option value="MARKET">Market</option>
          <option value="LIMIT">Limit</option>
        </NativeSelect>
      </label>
      {kind.type === 'LIMIT' ? (
        <>
          <label className="flex flex-col text-xs text-muted-foreground">
            Limit price
            <Input
              inputMode="decimal"
              className={FIELD}
              value={kind.price ?? ''}
              onChange={(e) => update({ price: num(e.target.value) })}
              data-testid="order-limit-price"
            />
          </label>
          <label className="flex flex-col text-xs text-muted-foreground">
            Time in force
            <NativeSelect
              aria-label="Time in force"
              className="w-28 [&_select]:h-7 [&_select]:text-xs max-md:[&_select]:h-10"
              value={kind.timeInForce}
              onChange={(e) => update({ timeInForce: e.target.value as TimeInForce })}
              data-testid="order-tif"
            >
              <option value="GTC">GTC</option>
              <option value="IOC">IOC</option>
              <option value="GTX">Post-only</option>
            </NativeSelect>
          </label>
        </>
      ) : null}
      <TriggerField
        label={`Take-profit${UNIT_SUFFIX[kind.protectUnit]}`}
        testId="order-take-profit"
        value={kind.takeProfit}
        onChange={(takeProfit) => update({ takeProfit })}
      />
      <TriggerField
        label={`Stop-loss${UNIT_SUFFIX[kind.protectUnit]}`}
        testId="order-stop-loss"
        value={kind.stopLoss}
        onChange={(stopLoss) => update({ stopLoss })}
      />
      <label className="flex flex-col text-xs text-muted-foreground">
        TP / SL as
        <NativeSelect
          aria-label="Take-profit and stop-loss as"
          className="w-32 [&_select]:h-7 [&_select]:text-xs max-md:[&_select]:h-10"
          value={kind.protectUnit}
          onChange={(e) =>
            update({ protectUnit: e.target.value as OrderKind['protectUnit'], takeProfit: undefined, stopLoss: undefined })
          }
          data-testid="order-protect-unit"
        >
          <option value="percent">% of entry</option>
          <option value="offset">Distance</option>
          <option value="price">Price</option>
        </NativeSelect>
      </label>
    </div>
  );
}

function TriggerField({
  label,
  testId,
  value,
  onChange,
}: {
  label: string;
  testId: string;
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  // The text as typed ("1." stays "1."), reset when the value is changed from outside (the unit).
  const [text, setText] = useState(value === undefined ? '' : String(value));
  if (value === undefined && text !== '' && num(text) !== undefined) setText('');
  return (
    <label className="flex flex-col text-xs text-muted-foreground">
      {label}
      <Input
        inputMode="decimal"
        placeholder="none"
        value={text}
        className={FIELD}
        onChange={(e) => {
          setText(e.target.value);
          onChange(num(e.target.value));
        }}
        data-testid={testId}
      />
    </label>
  );
}
