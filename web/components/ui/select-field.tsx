import type { ComponentProps } from 'react';
import { Field, type FieldProps } from './form-field';
import { NativeSelect, Options } from './select';

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

export interface Choice<T extends string> {
  value: T;
  label: string;
}

/** A labelled select over a fixed list of choices (the toolbars' filters and sorts), typed by its values. */
export function ChoiceField<T extends string>({
  options,
  value,
  onChange,
  ...props
}: Omit<ComponentProps<'select'> & FieldProps, 'value' | 'onChange' | 'children'> & {
  options: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <SelectField
      {...props}
      value={value}
      onChange={(e) => onChange(options.find((o) => o.value === e.target.value)?.value ?? value)}
    >
      <Options choices={options} />
    </SelectField>
  );
}
