import type { ComponentProps } from 'react';
import { Field, type FieldProps } from './form-field';
import { NativeSelect } from './select';

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
