import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { Input } from './input';
import { Label } from './label';

export interface FieldProps {
  label: string;
  /** A line under the control (hidden while an error shows). */
  hint?: ReactNode;
  error?: string;
  /** Names the field in the error's test id (`field-error-<name>`). */
  name?: string;
  /**
   * Classes of the whole field (label, control, messages), merged over its stacked layout (a
   * width alone keeps the label above the control); `className` styles the control.
   */
  fieldClassName?: string;
  /** The label for screen readers only (a one-field inline form whose placeholder says what to type). */
  hideLabel?: boolean;
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The id of a field's label, for a control that names itself with aria-labelledby (a picker's button). */
export const labelIdOf = (controlId: string) => `${controlId}-label`;

/** A label, one control, its hint and its error (announced and linked by aria-describedby). */
export function Field({
  label,
  hint,
  error,
  name,
  fieldClassName,
  hideLabel,
  control,
}: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', fieldClassName)}>
      <Label htmlFor={id} id={labelIdOf(id)} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive" data-testid={`field-error-${name ?? label}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text input with its hint and field error. */
export function FormField({ label, error, hint, fieldClassName, ...inputProps }: ComponentProps<'input'> & FieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      name={inputProps.name}
      fieldClassName={fieldClassName}
      control={(a11y) => <Input {...a11y} {...inputProps} />}
    />
  );
}
