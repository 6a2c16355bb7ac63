import type { ComponentProps, ReactNode } from 'react';
import { SearchIcon } from '~/components/layout/icons';
import { cn } from '~/lib/cn';
import { Input } from './input';

/** A search field with its magnifier; `className` places the field, `inputClassName` sizes the input. */
export function SearchInput({
  className,
  inputClassName,
  children,
  ...inputProps
}: Omit<ComponentProps<'input'>, 'type'> & { inputClassName?: string; children?: ReactNode }) {
  return (
    <div className={cn('relative', className)}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input type="search" className={cn('pl-8', inputClassName)} {...inputProps} />
      {children}
    </div>
  );
}
