import type { ReactNode } from 'react';
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
  onConfirm: () => void;
}

/**
 * Asks before a delete, a bulk change or a change that lowers someone's access (Radix AlertDialog:
 * focus trapped, Escape cancels). Open while `confirmation` is set.
 */
export function ConfirmDialog({ confirmation, onClose }: { confirmation: Confirmation | null; onClose: () => void }) {
  const description = confirmation?.description;
  return (
    <AlertDialog open={confirmation !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent data-testid="confirm-dialog">
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
