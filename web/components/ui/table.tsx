import { useLayoutEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { cn } from '~/lib/cn';

export interface TableScrollProps {
  containerClassName?: string;
  /**
   * The page scrolls the rows, not the table: no scroll box inside a scrolling page, where the last
   * rows hide behind a second scrollbar. While the table fits the width its header sticks under the
   * nav bar as the page scrolls; a table wider than the screen (a phone) scrolls sideways in its
   * box instead, its header then at the top of the table.
   */
  pageScroll?: boolean;
}

export function Table({
  className,
  containerClassName,
  pageScroll = false,
  ...props
}: ComponentProps<'table'> & TableScrollProps) {
  const box = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const fits = useFitsWidth(pageScroll, box, table);
  const stickToPage = pageScroll && fits;
  return (
    <div
      ref={box}
      data-page-scroll={pageScroll ? (fits ? 'sticky' : 'sideways') : undefined}
      className={cn(
        'relative w-full rounded-lg border border-border',
        stickToPage ? 'overflow-visible' : 'overflow-auto',
        // Its width comes from the page, never from the table: a box that grew to a wide table (in a
        // grid or flex parent) would always "fit" and push the page sideways on a phone.
        pageScroll && '[contain:inline-size]',
        containerClassName,
      )}
    >
      <table
        ref={table}
        className={cn(
          'w-full caption-bottom border-collapse text-sm',
          // Any overflow would make the box a scroll container and the header stick to it instead of the page.
          stickToPage &&
            '[&>thead]:top-(--nav-height) [&>thead_th:first-child]:rounded-tl-lg [&>thead_th:last-child]:rounded-tr-lg [&>tbody>tr]:scroll-mt-[calc(var(--nav-height)+2.5rem)]',
          className,
        )}
        {...props}
      />
    </div>
  );
}

/** Whether the table fits its box's width (no sideways scroll needed), followed as either resizes. */
function useFitsWidth(enabled: boolean, box: RefObject<HTMLDivElement | null>, table: RefObject<HTMLTableElement | null>) {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const outer = box.current;
    const inner = table.current;
    if (!enabled || !outer || !inner || typeof ResizeObserver === 'undefined') return;
    const check = () => setFits(inner.offsetWidth <= outer.clientWidth);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(outer);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [enabled, box, table]);
  return fits;
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('sticky top-0 z-10 bg-muted [&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn('border-b border-border transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-9 px-3 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2 align-middle whitespace-nowrap', className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-3 text-sm text-muted-foreground', className)} {...props} />;
}
