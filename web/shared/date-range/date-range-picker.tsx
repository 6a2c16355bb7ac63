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
          <DayInput
            label="From"
            value={value.from}
            max={value.to}
            onChange={(from) => onChange({ ...value, from })}
            testId="range-from"
          />
          <DayInput
            label="To"
            value={value.to}
            min={value.from}
            max={today}
            onChange={(to) => onChange({ ...value, to })}
            testId="range-to"
          />
        </div>
      ) : null}
    </div>
  );
}

/** One end of a custom range: a labelled, required day (an emptied input changes nothing). */
function DayInput({
  label,
  value,
  min,
  max,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  min?: string;
  max: string;
  onChange: (day: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="text-muted-foreground">
        {label}
      </label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        required
        onChange={(event) => event.target.value && onChange(event.target.value)}
        className="h-8 w-[9.5rem] px-2 text-xs"
        data-testid={testId}
      />
    </>
  );
}
