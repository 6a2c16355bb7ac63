import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from './input';
import { Label } from './label';
import { NativeSelect } from './select';
import { Switch } from './switch';

interface FieldProps {
  label: string;
  /** A line under the control (hidden while an error shows). */
  hint?: ReactNode;
  error?: string;
  /** Names the field in the error's test id (`field-error-<name>`). */
  name?: string;
  /** Classes of the whole field (label, control, messages); `className` styles the control. */
  fieldClassName?: string;
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, one control, its hint and its error (announced and linked by aria-describedby). */
function Field({
  label,
  hint,
  error,
  name,
  fieldClassName,
  control,
}: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={fieldClassName ?? 'grid gap-1.5'}>
      <Label htmlFor={id}>{label}</Label>
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

/** A labelled native select (its options as children) with its hint and field error. */
export function SelectField({
  label,
  error,
  hint,
  fieldClassName,
  children,
  ...selectProps
}: ComponentProps<'select'> & FieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      name={selectProps.name}
      fieldClassName={fieldClassName}
      control={(a11y) => (
        <NativeSelect {...a11y} {...selectProps}>
          {children}
        </NativeSelect>
      )}
    />
  );
}

/** A switch with its label beside it (the "Enabled" row of the settings forms). */
export function SwitchField({
  label,
  className = 'flex items-center gap-3',
  labelClassName,
  ...switchProps
}: ComponentProps<typeof Switch> & { label: string; labelClassName?: string }) {
  const id = useId();
  return (
    <div className={className}>
      <Switch id={id} {...switchProps} />
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
    </div>
  );
}
