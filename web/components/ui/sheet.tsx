import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '~/lib/cn';

export const Sheet = DialogPrimitive.Root;

/**
 * A bottom sheet for phones (Radix Dialog: focus trapped, Escape and the close button close it,
 * labelled by its title): full width, up to 92 % of the screen's height, its body scrolls. The
 * header stays put with a 40 px close button.
 */
export function SheetContent({
  title,
  actions,
  className,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { title: ReactNode; actions?: ReactNode }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/55" />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-xl border-t border-border bg-background text-foreground shadow-xl',
          'pb-[env(safe-area-inset-bottom)]',
          className,
        )}
        {...props}
      >
        <div className="flex shrink-0 items-center gap-2 border-b border-border py-1 pr-1 pl-3">
          <DialogPrimitive.Title className="min-w-0 flex-1 truncate text-sm font-semibold">{title}</DialogPrimitive.Title>
          {actions}
          <DialogPrimitive.Close
            className="grid size-10 shrink-0 place-items-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            aria-label="Close"
            data-testid="sheet-close"
          >
            <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2" className="size-4" aria-hidden="true">
              <path d="M4 4l8 8M12 4l-8 8" />
            </svg>
          </DialogPrimitive.Close>
        </div>
        <div className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const SheetDescription = DialogPrimitive.Description;
