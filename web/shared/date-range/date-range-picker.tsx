import { useId } from 'react';
import { Input } from '~/components/ui/input';
import { SegmentedControl } from '~/components/ui/segmented-control';
import { cn } from '~/lib/cn';
import { RANGE_PRESETS, resolveRange, toDayString, type DateRange } from './date-range';

/** The shared date range: presets 24h / 7d / 30d / 90d, or Custom with two dates (whole local days). */
export function DateRangePicker({
  value,
  onChange,
  className,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  className?: string;
}) {
  const fromId = useId();
  const toId = useId();
  const today = toDayString(new Date());

  function startCustom() {
    if (value.preset === 'custom') return;
    const { from, to } = resolveRange(value);
    onChange({ preset: 'custom', from: toDayString(new Date(from)), to: toDayString(new Date(Math.min(to, Date.now()))) });
  }

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <SegmentedControl
        label="Date range"
        options={[
          ...RANGE_PRESETS.map((preset) => ({ value: preset.value, label: preset.label, testId: `range-${preset.value}` })),
          { value: 'custom' as const, label: 'Custom', testId: 'range-custom' },
        ]}
        value={value.preset}
        onChange={(preset) => (preset === 'custom' ? startCustom() : onChange({ preset }))}
      />
      {value.preset === 'custom' ? (
        <div className="flex items-center gap-1.5 text-xs">
          <label htmlFor={fromId} className="text-muted-foreground">
            From
          </label>
          <Input
            id={fromId}
            type="date"
            value={value.from}
            max={value.to}
            required
            onChange={(event) => event.target.value && onChange({ ...value, from: event.target.value })}
            className="h-8 w-[9.5rem] px-2 text-xs"
            data-testid="range-from"
          />
          <label htmlFor={toId} className="text-muted-foreground">
            To
          </label>
          <Input
            id={toId}
            type="date"
            value={value.to}
            min={value.from}
            max={today}
            required
            onChange={(event) => event.target.value && onChange({ ...value, to: event.target.value })}
            className="h-8 w-[9.5rem] px-2 text-xs"
            data-testid="range-to"
          />
        </div>
      ) : null}
    </div>
  );
}
