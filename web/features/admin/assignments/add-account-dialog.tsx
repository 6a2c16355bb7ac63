import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import { errorMessage, errorStatus, fieldErrors } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { FormField } from '~/components/ui/form-field';
import { SelectField } from '~/components/ui/select-field';

type Exchange = 'simulated' | 'binance';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Add account by email": one sub-account, by exchange and email, with an optional label. */
export function AddAccountDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" data-testid="add-account">
          Add account by email
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md" data-testid="add-account-dialog" aria-describedby={undefined}>
        {open ? <AddAccountForm onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddAccountForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [exchange, setExchange] = useState<Exchange>('simulated');
  const [email, setEmail] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const add = useMutation(
    orpc.addExchangeAccount.mutationOptions({
      onSuccess: (account) => {
        toast.success(`Added ${account.email}`);
        void queryClient.invalidateQueries({ queryKey: orpc.listExchangeAccounts.key() });
        onDone();
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        if (errorStatus(error) === 409) fields.email = errorMessage(error, 'This account already exists');
        setErrors(fields);
        setGeneral(Object.keys(fields).length ? null : errorMessage(error, 'Could not add the account'));
        toast.error(errorMessage(error, 'Could not add the account'));
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const value = email.trim().toLowerCase();
    if (!EMAIL.test(value)) {
      setErrors({ email: 'Enter the sub-account email' });
      return;
    }
    setErrors({});
    setGeneral(null);
    add.mutate({ exchange, email: value, label: label.trim() || undefined });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <DialogTitle>Add an exchange account</DialogTitle>
        <DialogDescription>Add one sub-account by its email. Assign users to it afterwards.</DialogDescription>
      </div>
      {general ? <Alert>{general}</Alert> : null}
      <SelectField
        label="Exchange"
        value={exchange}
        onChange={(event) => setExchange(event.target.value as Exchange)}
        data-testid="add-account-exchange"
      >
        <option value="simulated">Simulated</option>
        <option value="binance">Binance</option>
      </SelectField>
      <FormField
        label="Sub-account email"
        name="email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        maxLength={254}
        required
        data-testid="add-account-email"
      />
      <FormField
        label="Label (optional)"
        name="label"
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        error={errors.label}
        maxLength={80}
        hint="How people name it, e.g. Main book"
        data-testid="add-account-label"
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending} data-testid="add-account-submit">
          {add.isPending ? <Spinner label="Adding" /> : null}
          Add account
        </Button>
      </DialogFooter>
    </form>
  );
}
