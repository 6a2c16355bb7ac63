import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '~/components/ui/alert-dialog';

export interface PendingConfirmation {
  title: string;
  description: string;
  action: string;
  onConfirm: () => void;
}

/** Radix AlertDialog asking before any change that lowers someone's access. */
export function ConfirmChangeDialog({
  confirmation,
  onClose,
}: {
  confirmation: PendingConfirmation | null;
  onClose: () => void;
}) {
  return (
    <AlertDialog open={confirmation !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent data-testid="confirm-dialog">
        <AlertDialogTitle>{confirmation?.title}</AlertDialogTitle>
        <AlertDialogDescription>{confirmation?.description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => {
              confirmation?.onConfirm();
              onClose();
            }}
          >
            {confirmation?.action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
