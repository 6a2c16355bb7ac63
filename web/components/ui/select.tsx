import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

/**
 * A styled native select: the platform picker on phones, full keyboard support everywhere, and no
 * extra JavaScript.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <span className={cn('relative inline-flex', className)}>
      <select
        className="h-9 w-full min-w-0 appearance-none truncate rounded-md border border-input bg-background py-1 pr-8 pl-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive"
        {...props}
      >
        {children}
      </select>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      >
        <path d="m6 9 6 6 6-6" />
      </svg>
    </span>
  );
}

type OptionsProps<T extends string | number> =
  { values: readonly T[]; label?: (value: T) => string } | { choices: readonly { value: T; label: string }[] };

/** A select's options: one per value (its text from `label`, else the value itself), or one per `{ value, label }` choice. */
export function Options<T extends string | number>(props: OptionsProps<T>) {
  const { label = String } = 'values' in props ? props : {};
  const choices = 'choices' in props ? props.choices : props.values.map((value) => ({ value, label: label(value) }));
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
}
