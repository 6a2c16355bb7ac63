import { useId, type ComponentProps } from 'react';
import { Input } from './input';
import { Label } from './label';

/** A labelled input with its hint and its field error (announced and linked by aria-describedby). */
export function FormField({
  label,
  error,
  hint,
  ...inputProps
}: ComponentProps<'input'> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={`${id}-error`}
          className="text-xs font-medium text-destructive"
          data-testid={`field-error-${inputProps.name ?? label}`}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
