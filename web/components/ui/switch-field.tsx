import { useId, type ComponentProps } from 'react';
import { Label } from './label';
import { Switch } from './switch';

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
