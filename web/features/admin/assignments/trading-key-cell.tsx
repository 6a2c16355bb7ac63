import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Spinner } from '~/components/ui/spinner';
import { formatDateTime } from '~/lib/format';
import { errorMessage, fieldErrors } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="xs" variant="outline" data-testid={`set-trading-key-${account.email}`}>
          {account.tradingKey ? 'Replace' : 'Set key'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md" data-testid="trading-key-dialog" aria-describedby={undefined}>
        {open ? <TradingKeyForm account={account} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TradingKeyForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const save = useMutation(
    orpc.setTradingKey.mutationOptions({
      onSuccess: () => {
        toast.success(`Trading key of ${account.email} saved`);
        void queryClient.invalidateQueries({ queryKey: orpc.listExchangeAccounts.key() });
        onDone();
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        setErrors(fields);
        setGeneral(Object.keys(fields).length ? null : errorMessage(error, 'Could not save the trading key'));
      },
    }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const missing: Record<string, string> = {};
    if (!apiKey.trim()) missing.apiKey = 'Enter the API key';
    if (!apiSecret.trim()) missing.apiSecret = 'Enter the API secret';
    setErrors(missing);
    setGeneral(null);
    if (Object.keys(missing).length === 0) save.mutate({ accountId: account.id, apiKey, apiSecret });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <DialogTitle>Trading key of {account.email}</DialogTitle>
        <DialogDescription>
          The sub-account’s own Binance API key, with futures trading allowed. It is stored encrypted and never shown again
          {account.tradingKey ? '; saving replaces the current key' : ''}.
        </DialogDescription>
      </div>
      {general ? <Alert>{general}</Alert> : null}
      <FormField
        label="API key"
        name="apiKey"
        autoComplete="off"
        spellCheck={false}
        value={apiKey}
        onChange={(event) => {
          setApiKey(event.target.value);
          setErrors(({ apiKey: _cleared, ...rest }) => rest);
        }}
        error={errors.apiKey}
        maxLength={256}
        required
        data-testid="trading-key-api-key"
      />
      <FormField
        label="API secret"
        name="apiSecret"
        type="password"
        autoComplete="new-password"
        value={apiSecret}
        onChange={(event) => {
          setApiSecret(event.target.value);
          setErrors(({ apiSecret: _cleared, ...rest }) => rest);
        }}
        error={errors.apiSecret}
        maxLength={256}
        required
        data-testid="trading-key-api-secret"
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="trading-key-submit">
          {save.isPending ? <Spinner label="Saving" /> : null}
          Save key
        </Button>
      </DialogFooter>
    </form>
  );
}
