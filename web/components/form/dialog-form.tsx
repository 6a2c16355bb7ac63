import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Alert } from '~/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '~/components/ui/dialog';
import { FormActions } from '~/components/ui/form-actions';
import { showServerErrors } from '~/lib/contract-form';

/**
 * A dialog that holds a form while it is open (the form mounts fresh each time, so it starts from
 * its defaults); `trigger` is the button that opens it.
 */
export function FormDialog({
  open,
  onOpenChange,
  testId,
  className,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  testId: string;
  className?: string;
  trigger?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className} data-testid={testId} aria-describedby={undefined}>
        {open ? children : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form of a dialog: title and description, the general error, the fields, Cancel and submit.
 * Submitting checks the form (its resolver: the contract's schema) and hands the input to
 * `onSubmit`; a failure shows the server's field problems under their fields and its message above
 * them (`failed` when it has none). `readOnly` leaves only Close.
 */
export function DialogForm<V extends FieldValues, I>({
  form,
  onSubmit,
  failed,
  onCancel,
  title,
  description,
  submitLabel,
  submitTestId,
  pendingLabel,
  readOnly = false,
  children,
}: {
  form: UseFormReturn<V, unknown, I>;
  onSubmit: (input: I) => Promise<unknown>;
  failed: string;
  onCancel: () => void;
  title: ReactNode;
  description: ReactNode;
  submitLabel: string;
  submitTestId?: string;
  pendingLabel?: string;
  readOnly?: boolean;
  children: ReactNode;
}) {
  const { errors, isSubmitting } = form.formState;
  const general = errors.root?.server?.message ?? errors.root?.message;
  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input);
    } catch (error) {
      showServerErrors(form, error, failed);
    }
  });
  return (
    <form
      onSubmit={(event) => {
        if (readOnly || form.formState.isSubmitting) event.preventDefault();
        else void submit(event);
      }}
      noValidate
      className="grid gap-4"
    >
      <div className="grid gap-1">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </div>
      {general ? <Alert>{general}</Alert> : null}
      {children}
      <FormActions
        onCancel={onCancel}
        cancelLabel={readOnly ? 'Close' : 'Cancel'}
        submit={readOnly ? undefined : { label: submitLabel, pending: isSubmitting, pendingLabel, testId: submitTestId }}
      />
    </form>
  );
}
