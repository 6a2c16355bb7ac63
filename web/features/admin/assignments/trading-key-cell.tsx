import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { DialogForm, FormDialog } from '~/components/form/dialog-form';
import { TextField } from '~/components/form/fields';
import { formatDateTime } from '~/lib/format';
import { rpcResolver } from '~/lib/contract-form';
import { errorMessage } from '~/lib/http-error';
import { orpc, rpc } from '~/lib/rpc';
import type { RpcOutputs } from '@contract/types';

type Account = RpcOutputs['listExchangeAccounts'][number];

/**
 * A Binance account's own trading key: "Trading key set" or "No trading key", a form to enter key
 * and secret (write-only: the server never sends them back) and a confirmed clear.
 */
export function TradingKeyCell({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const clear = useMutation(
    orpc.clearTradingKey.mutationOptions({
      onSuccess: () => toast.success(`Trading key of ${account.email} removed`),
      onError: (error) => toast.error(errorMessage(error, 'Could not remove the trading key')),
      onSettled: () => queryClient.invalidateQueries({ queryKey: orpc.listExchangeAccounts.key() }),
    }),
  );
  if (account.exchange !== 'binance')
    return (
      <span className="text-muted-foreground" title="Simulated accounts trade without a key">
        —
      </span>
    );
  const key = account.tradingKey;
  return (
    <div className="flex items-center gap-1.5 whitespace-nowrap" data-testid={`trading-key-${account.email}`}>
      {key ? (
        <Badge tone="success" title={`Sealed with keyring key ${key.keyId} on ${formatDateTime(key.setAt, { seconds: true })}`}>
          Trading key set
        </Badge>
      ) : (
        <Badge tone="warning">No trading key</Badge>
      )}
      <TradingKeyDialog account={account} />
      {key ? (
        <Button
          size="xs"
          variant="ghost"
          disabled={clear.isPending}
          aria-label={`Clear the trading key of ${account.email}`}
          data-testid={`clear-trading-key-${account.email}`}
          onClick={() =>
            setConfirmation({
              title: `Remove the trading key of ${account.email}?`,
              description: 'Orders on this account stop at once, until an admin enters a key again.',
              action: 'Remove key',
              onConfirm: () => clear.mutate({ accountId: account.id }),
            })
          }
        >
          Clear
        </Button>
      ) : null}
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </div>
  );
}

function TradingKeyDialog({ account }: { account: Account }) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      testId="trading-key-dialog"
      className="max-w-md"
      trigger={
        <Button size="xs" variant="outline" data-testid={`set-trading-key-${account.email}`}>
          {account.tradingKey ? 'Replace' : 'Set key'}
        </Button>
      }
    >
      <TradingKeyForm account={account} onDone={() => setOpen(false)} />
    </FormDialog>
  );
}

function TradingKeyForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    defaultValues: { apiKey: '', apiSecret: '' },
    resolver: rpcResolver('setTradingKey', (values: { apiKey: string; apiSecret: string }) => ({
      accountId: account.id,
      ...values,
    })),
  });

  async function save(input: Parameters<typeof rpc.setTradingKey>[0]) {
    await rpc.setTradingKey(input);
    toast.success(`Trading key of ${account.email} saved`);
    void queryClient.invalidateQueries({ queryKey: orpc.listExchangeAccounts.key() });
    onDone();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={save}
      failed="Could not save the trading key"
      onCancel={onDone}
      title={<>Trading key of {account.email}</>}
      description={
        <>
          The sub-account’s own Binance API key, with futures trading allowed. It is stored encrypted and never shown again
          {account.tradingKey ? '; saving replaces the current key' : ''}.
        </>
      }
      submitLabel="Save key"
      submitTestId="trading-key-submit"
    >
      <TextField
        control={form.control}
        name="apiKey"
        label="API key"
        autoComplete="off"
        spellCheck={false}
        maxLength={256}
        required
        data-testid="trading-key-api-key"
      />
      <TextField
        control={form.control}
        name="apiSecret"
        label="API secret"
        type="password"
        autoComplete="new-password"
        maxLength={256}
        required
        data-testid="trading-key-api-secret"
      />
    </DialogForm>
  );
}
