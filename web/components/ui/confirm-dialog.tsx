import { useRef, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from './alert-dialog';

export interface Confirmation {
  title: string;
  description: ReactNode;
  /** The label of the confirming button. */
  action: string;
  /** Red confirming button (the default); false for a change that takes nothing away. */
  destructive?: boolean;
  /**
   * The confirming button takes the focus, so Enter confirms (Escape still cancels): for a step the
   * user has just asked for from the keyboard, like an order's b1. Otherwise Cancel has it, so a
   * stray Enter never deletes anything.
   */
  enterConfirms?: boolean;
  onConfirm: () => void;
}

/**
 * Asks before a delete, a bulk change or a change that lowers someone's access (Radix AlertDialog:
 * focus trapped, Escape cancels). Open while `confirmation` is set.
 */
export function ConfirmDialog({ confirmation, onClose }: { confirmation: Confirmation | null; onClose: () => void }) {
  const description = confirmation?.description;
  const actionRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog open={confirmation !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent
        data-testid="confirm-dialog"
        onOpenAutoFocus={(event) => {
          if (!confirmation?.enterConfirms) return;
          event.preventDefault();
          actionRef.current?.focus();
        }}
      >
        <AlertDialogTitle>{confirmation?.title}</AlertDialogTitle>
        {typeof description === 'string' ? (
          <AlertDialogDescription>{description}</AlertDialogDescription>
        ) : (
          <AlertDialogDescription asChild>
            <div>{description}</div>
          </AlertDialogDescription>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            ref={actionRef}
            variant={confirmation?.destructive === false ? 'default' : 'destructive'}
            onClick={() => {
              confirmation?.onConfirm();
              onClose();
            }}
            data-testid="confirm-action"
          >
            {confirmation?.action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
