import { useQueryClient } from '@tanstack/react-query';
import { safe } from '@orpc/client';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { DialogForm, FormDialog } from '~/components/form/dialog-form';
import { SelectField, TextField } from '~/components/form/fields';
import { Button } from '~/components/ui/button';
import { rpcResolver } from '~/lib/contract-form';
import { errorMessage } from '~/lib/http-error';
import { orpc, rpc } from '~/lib/rpc';

interface AccountValues {
  exchange: 'simulated' | 'binance';
  email: string;
  label: string;
}

/** "Add account by email": one sub-account, by exchange and email, with an optional label. */
export function AddAccountDialog() {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      testId="add-account-dialog"
      className="max-w-md"
      trigger={
        <Button variant="outline" data-testid="add-account">
          Add account by email
        </Button>
      }
    >
      <AddAccountForm onDone={() => setOpen(false)} />
    </FormDialog>
  );
}

const EMPTY: AccountValues = { exchange: 'simulated', email: '', label: '' };

function AddAccountForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    defaultValues: EMPTY,
    resolver: rpcResolver('addExchangeAccount', (values: AccountValues) => ({
      exchange: values.exchange,
      email: values.email.trim().toLowerCase(),
      label: values.label.trim() || undefined,
    })),
  });

  async function add(input: Parameters<typeof rpc.addExchangeAccount>[0]) {
    const [error, account, isDefined] = await safe(rpc.addExchangeAccount(input));
    if (error) {
      toast.error(errorMessage(error, 'Could not add the account'));
      // The account exists already: say so under the email.
      if (isDefined && error.code === 'CONFLICT') form.setError('email', { type: 'server', message: error.message });
      else throw error;
      return;
    }
    toast.success(`Added ${account.email}`);
    void queryClient.invalidateQueries({ queryKey: orpc.listExchangeAccounts.key() });
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={add}
      failed="Could not add the account"
      onCancel={onDone}
      title="Add an exchange account"
      description="Add one sub-account by its email. Assign users to it afterwards."
      submitLabel="Add account"
      submitTestId="add-account-submit"
      pendingLabel="Adding"
    >
      <SelectField control={form.control} name="exchange" label="Exchange" data-testid="add-account-exchange">
        <option value="simulated">Simulated</option>
        <option value="binance">Binance</option>
      </SelectField>
      <TextField
        control={form.control}
        name="email"
        label="Sub-account email"
        type="email"
        autoComplete="off"
        maxLength={254}
        required
        data-testid="add-account-email"
      />
      <TextField
        control={form.control}
        name="label"
        label="Label (optional)"
        maxLength={80}
        hint="How people name it, e.g. Main book"
        data-testid="add-account-label"
      />
    </DialogForm>
  );
}
