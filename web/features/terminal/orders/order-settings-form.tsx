import { Input } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/select';
import { SwitchField } from '~/components/ui/switch-field';
import { validDistance, type DistanceUnit, type OrderSettings } from './order-settings';

const FIELD = 'h-7 w-24 text-right text-xs tabular-nums max-md:h-10';

/** The order panel's settings: the three sizes, the default TP / SL distances (in % or in price), confirmation. */
export function OrderSettingsForm({
  settings,
  update,
}: {
  settings: OrderSettings;
  update: (patch: Partial<OrderSettings>) => void;
}) {
  const suffix = settings.distanceUnit === 'percent' ? '%' : '(price)';
  const distance = (label: string, key: 'takeProfitDistance' | 'stopLossDistance', testId: string) => (
    <label className="flex flex-col text-xs text-muted-foreground">
      {label} {suffix}
      <Input
        key={settings.distanceUnit}
        type="number"
        min={0}
        step="any"
        placeholder="none"
        className={FIELD}
        defaultValue={settings[key] ?? ''}
        data-testid={testId}
        onBlur={(e) => {
          const v = Number(e.target.value);
          update({ [key]: e.target.value.trim() === '' ? null : validDistance(v, settings.distanceUnit) });
        }}
      />
    </label>
  );
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-md border border-border p-2" data-testid="order-settings">
      {settings.presets.map((p, i) => (
        <label key={i} className="flex flex-col text-xs text-muted-foreground">
          Size {i + 1} (USD)
          <Input
            type="number"
            min={1}
            className={FIELD}
            defaultValue={p}
            onBlur={(e) => {
              const v = Number(e.target.value);
              if (v > 0 && Number.isFinite(v)) {
                const presets = [...settings.presets] as [number, number, number];
                presets[i] = v;
                update({ presets });
              }
            }}
          />
        </label>
      ))}
      <label className="flex flex-col text-xs text-muted-foreground">
        Default TP / SL in
        <NativeSelect
          aria-label="Default take-profit and stop-loss distances in"
          className="w-36 [&_select]:h-7 [&_select]:text-xs max-md:[&_select]:h-10"
          value={settings.distanceUnit}
          // A distance in % means nothing in price: the defaults start again in the new unit.
          onChange={(e) =>
            update({ distanceUnit: e.target.value as DistanceUnit, takeProfitDistance: null, stopLossDistance: null })
          }
          data-testid="settings-distance-unit"
        >
          <option value="percent">% of entry</option>
          <option value="offset">Distance</option>
        </NativeSelect>
      </label>
      {distance('Default TP', 'takeProfitDistance', 'settings-take-profit')}
      {distance('Default SL', 'stopLossDistance', 'settings-stop-loss')}
      <SwitchField
        label="Confirm before sending"
        checked={settings.confirm}
        onCheckedChange={(confirm) => update({ confirm })}
        labelClassName="text-xs"
      />
    </div>
  );
}
