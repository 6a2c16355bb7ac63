import { useId, type ComponentProps, type ReactNode } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { ComboboxField } from '~/components/ui/combobox';
import { Field, type FieldProps } from '~/components/ui/form-field';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { NativeSelect } from '~/components/ui/select';
import { Switch } from '~/components/ui/switch';
import { TagInput } from '~/components/ui/tag-input';
import { Textarea } from '~/components/ui/textarea';
import { cn } from '~/lib/cn';

/**
 * The fields of a react-hook-form form (lib/contract-form.ts checks it with the contract): each
 * takes the form's `control` and a field `name` of the right value type, and shows its label, hint
 * and error like every other field (components/ui/form-field.tsx).
 */
type Bound<V extends FieldValues, T> = { control: Control<V, unknown, unknown>; name: FieldPathByValue<V, T> };
type Labelled = Omit<FieldProps, 'error' | 'name'>;

type Own<V extends FieldValues, T> = Bound<V, T> & Labelled;
type Rest<P, V extends FieldValues, T> = Omit<P, keyof Own<V, T>>;
/** What the field's control receives: its a11y ids, and the value and handlers of react-hook-form. */
type ControlOf<V extends FieldValues, T> = (
  a11y: Parameters<ComponentProps<typeof Field>['control']>[0],
  field: ReturnType<typeof useController<V, FieldPathByValue<V, T>>>['field'],
) => ReactNode;

/** A bound field: the label, hint and error of Field around `control`, the value from the form. */
function BoundField<V extends FieldValues, T>({ control, name, render, ...labelled }: Own<V, T> & { render: ControlOf<V, T> }) {
  const { field, fieldState } = useController({ control, name });
  return <Field {...labelled} name={name} error={fieldState.error?.message} control={(a11y) => render(a11y, field)} />;
}

/** Splits a bound field's props into its own (form, name, label…) and the control's. */
function split<V extends FieldValues, T, P extends Own<V, T>>(props: P): [Own<V, T>, Rest<P, V, T>] {
  const { control, name, label, hint, fieldClassName, hideLabel, ...rest } = props;
  return [{ control, name, label, hint, fieldClassName, hideLabel }, rest];
}

type NativeProps<E extends 'input' | 'textarea' | 'select'> = Omit<
  ComponentProps<E>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'ref'
>;

/** A labelled text input. */
export function TextField<V extends FieldValues>({
  after,
  ...props
}: Own<V, string> &
  NativeProps<'input'> & {
    /** Beside the input, on its line (a row's own Save button); the hint and error go under both. */
    after?: ReactNode;
  }) {
  const [own, inputProps] = split<V, string, typeof props>(props);
  return (
    <BoundField
      {...own}
      render={(a11y, field) => {
        const input = <Input {...a11y} {...inputProps} {...field} value={field.value ?? ''} />;
        return after ? (
          <div className="flex items-center gap-2">
            {input}
            {after}
          </div>
        ) : (
          input
        );
      }}
    />
  );
}

/** A labelled multi-line text field. */
export function TextareaField<V extends FieldValues>(props: Own<V, string> & NativeProps<'textarea'>) {
  const [own, textareaProps] = split<V, string, typeof props>(props);
  return (
    <BoundField
      {...own}
      render={(a11y, field) => <Textarea {...a11y} {...textareaProps} {...field} value={field.value ?? ''} />}
    />
  );
}

/** A labelled native select over a string value; its options are the children. */
export function SelectField<V extends FieldValues>(props: Own<V, string> & NativeProps<'select'>) {
  const [own, { children, ...selectProps }] = split<V, string, typeof props>(props);
  return (
    <BoundField
      {...own}
      render={(a11y, field) => (
        <NativeSelect {...a11y} {...selectProps} {...field}>
          {children}
        </NativeSelect>
      )}
    />
  );
}

/**
 * A switch with its label beside it (the "Enabled" row of the settings forms); `stacked` puts the
 * label above, in line with the fields of a row.
 */
export function SwitchField<V extends FieldValues>({
  control,
  name,
  label,
  stacked = false,
  className = stacked ? 'grid content-start gap-1.5' : 'flex items-center gap-3',
  labelClassName,
  disabled,
  'data-testid': testId,
}: Bound<V, boolean> & {
  label: ReactNode;
  stacked?: boolean;
  className?: string;
  labelClassName?: string;
  disabled?: boolean;
  'data-testid'?: string;
}) {
  const {
    field: { ref, value, onChange, onBlur },
  } = useController({ control, name });
  const id = useId();
  const toggle = (
    <Switch
      id={id}
      ref={ref}
      checked={value === true}
      onCheckedChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
      data-testid={testId}
    />
  );
  const caption = (
    <Label htmlFor={id} className={labelClassName}>
      {label}
    </Label>
  );
  return stacked ? (
    <div className={className}>
      {caption}
      <span className="flex h-9 items-center">{toggle}</span>
    </div>
  ) : (
    <div className={className}>
      {toggle}
      {caption}
    </div>
  );
}

/** A labelled searchable picker (ComboboxField) over a string value, for long lists. */
export function PickerField<V extends FieldValues>({
  control,
  name,
  ...pickerProps
}: Bound<V, string> & Omit<ComponentProps<typeof ComboboxField>, 'name' | 'value' | 'onChange' | 'error'>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <ComboboxField
      {...pickerProps}
      name={name}
      value={field.value ?? ''}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
}

/** A labelled chips field (TagInput) over a list of strings; `symbols` for trading symbols. */
export function TagField<V extends FieldValues>(
  props: Own<V, string[]> &
    Omit<ComponentProps<typeof TagInput>, 'id' | 'value' | 'onChange' | 'invalid' | 'describedBy' | 'label'>,
) {
  const [own, tagProps] = split<V, string[], typeof props>(props);
  return (
    <BoundField
      {...own}
      render={(a11y, field) => (
        <TagInput
          {...tagProps}
          id={a11y.id}
          invalid={a11y['aria-invalid']}
          describedBy={a11y['aria-describedby']}
          value={field.value ?? []}
          onChange={field.onChange}
        />
      )}
    />
  );
}

export interface CheckboxOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  testId?: string;
}

/** A fieldset of checkboxes over a list of the values checked. */
export function CheckboxesField<V extends FieldValues>({
  control,
  name,
  legend,
  options,
  className,
  listClassName,
}: Bound<V, string[]> & { legend: string; options: readonly CheckboxOption[]; className?: string; listClassName?: string }) {
  const { field, fieldState } = useController({ control, name });
  const errorId = useId();
  const checked: string[] = field.value ?? [];
  const error = fieldState.error?.message;
  // With hints each option is a row of its own, aligned on its first line.
  const withHints = options.some((option) => option.hint);
  return (
    <fieldset className={cn('grid gap-1.5', className)} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className={listClassName}>
        {options.map((option) => (
          <label key={option.value} className={cn('flex text-sm', withHints ? 'items-start gap-2' : 'items-center gap-1.5')}>
            <input
              type="checkbox"
              className={cn('accent-[var(--color-primary)]', withHints ? 'mt-0.5 size-4' : 'size-3.5')}
              checked={checked.includes(option.value)}
              onChange={(event) =>
                field.onChange(
                  event.target.checked ? [...checked, option.value] : checked.filter((value) => value !== option.value),
                )
              }
              onBlur={field.onBlur}
              data-testid={option.testId}
            />
            <span>
              {option.label}
              {option.hint ? <span className="block text-xs text-muted-foreground">{option.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive" data-testid={`field-error-${name}`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
