import { cn } from '~/lib/cn';

/** A spinning ring, 16 px unless `className` gives a `size-*` (no conflicting classes: see lib/cn.ts). */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  const sized = /(^|\s)size-/.test(className ?? '');
  return (
    <span
      role="status"
      aria-label={label}
      className={cn(
        'inline-block animate-spin rounded-full border-2 border-current border-r-transparent',
        !sized && 'size-4',
        className,
      )}
    />
  );
}
