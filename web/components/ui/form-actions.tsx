import { Button } from './button';
import { DialogFooter } from './dialog';
import { Spinner } from './spinner';

/**
 * The end of a form: Cancel (or Close), and the submit button with a spinner while it saves. A
 * form without `submit` (read-only) only closes.
 */
export function FormActions({
  onCancel,
  cancelLabel = 'Cancel',
  submit,
  className,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  submit?: { label: string; pending: boolean; pendingLabel?: string; testId?: string; disabled?: boolean };
  className?: string;
}) {
  return (
    <DialogFooter className={className}>
      <Button type="button" variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {submit ? (
        <Button type="submit" disabled={submit.pending || submit.disabled} data-testid={submit.testId}>
          {submit.pending ? <Spinner label={submit.pendingLabel ?? 'Saving'} /> : null}
          {submit.label}
        </Button>
      ) : null}
    </DialogFooter>
  );
}
