import { Input } from '~/components/ui/input';
import { SwitchField } from '~/components/ui/switch-field';
import type { OrderSettings } from './order-settings';

const FIELD = 'h-7 w-24 text-right text-xs tabular-nums max-md:h-10';

/** The order panel's settings: the three sizes, the default TP / SL distances in %, confirmation. */
export function OrderSettingsForm({
  settings,
  update,
}: {
  settings: OrderSettings;
  update: (patch: Partial<OrderSettings>) => void;
}) {
  const distance = (label: string, key: 'takeProfitPercent' | 'stopLossPercent', testId: string) => (
    <label className="flex flex-col text-xs text-muted-foreground">
      {label}
      <Input
        type="number"
        min={0}
        step="any"
        placeholder="none"
        className={FIELD}
        defaultValue={settings[key] ?? ''}
        data-testid={testId}
        onBlur={(e) => {
          const v = Number(e.target.value);
          update({ [key]: e.target.value.trim() !== '' && v > 0 && v < 99 ? v : null });
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
      {distance('Default TP %', 'takeProfitPercent', 'settings-take-profit')}
      {distance('Default SL %', 'stopLossPercent', 'settings-stop-loss')}
      <SwitchField
        label="Confirm before sending"
        checked={settings.confirm}
        onCheckedChange={(confirm) => update({ confirm })}
        labelClassName="text-xs"
      />
    </div>
  );
}
