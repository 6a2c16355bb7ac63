import { AlertDialog as Dialog } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';
import { buttonClasses, type ButtonVariant } from './button';

export const AlertDialog = Dialog.Root;
export const AlertDialogTrigger = Dialog.Trigger;

export function AlertDialogContent({ className, children, ...props }: ComponentProps<typeof Dialog.Content>) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-black/55 backdrop-blur-[1px]" />
      <Dialog.Content
        className={cn(
          'animate-pop-in fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-popover p-5 text-popover-foreground shadow-xl',
          className,
        )}
        {...props}
      >
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof Dialog.Title>) {
  return <Dialog.Title className={cn('text-base font-semibold', className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof Dialog.Description>) {
  return <Dialog.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentProps<typeof Dialog.Cancel>) {
  return <Dialog.Cancel className={buttonClasses({ variant: 'outline', className })} {...props} />;
}

export function AlertDialogAction({
  className,
  variant = 'default',
  ...props
}: ComponentProps<typeof Dialog.Action> & { variant?: ButtonVariant }) {
  return <Dialog.Action className={buttonClasses({ variant, className })} {...props} />;
}
