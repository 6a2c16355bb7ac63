import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DeviceList, DeviceRow } from '~/components/ui/device-list';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { QueryError } from '~/components/ui/error-state';
import { Spinner } from '~/components/ui/spinner';
import { formatDateTime } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { userQuery } from '~/lib/user-query';
import type { SecondFactor } from '@contract/security';
import { AddAuthenticatorDialog } from './add-authenticator-dialog';
import { addPasskey, passkeyError } from './add-passkey';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { secondFactorsQuery } from './security-queries';

const KIND_LABEL: Record<SecondFactor['kind'], string> = { totp: 'Authenticator app', passkey: 'Passkey' };

/** The caller's second factors: add an authenticator app or a passkey, remove one, new recovery codes. */
export function SecondFactorsSection() {
  const queryClient = useQueryClient();
  const status = useQuery(secondFactorsQuery);
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: orpc.getSecondFactors.key() });
    void queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
  };

  const passkey = useMutation({
    mutationFn: () => addPasskey('Passkey'),
    onSuccess: (result) => {
      toast.success('Passkey added');
      refresh();
      if (result.recoveryCodes) setCodes(result.recoveryCodes);
    },
    onError: (error) => toast.error(passkeyError(error, 'Could not add the passkey')),
  });
  const remove = useMutation(
    orpc.removeSecondFactor.mutationOptions({
      onSuccess: () => {
        toast.success('Second factor removed');
        refresh();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not remove it')),
    }),
  );
  const regenerate = useMutation(
    orpc.regenerateRecoveryCodes.mutationOptions({
      onSuccess: (result) => {
        setCodes(result.recoveryCodes);
        refresh();
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not make new codes')),
    }),
  );

  if (status.isError) return <QueryError query={status} what="your second factors" />;
  const data = status.data;
  const factors = data?.factors ?? [];
  return (
    <section className="grid gap-3" aria-labelledby="second-factors-title" data-testid="second-factors">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="second-factors-title" className="text-base font-semibold">
            Second factors
          </h2>
          <p className="text-sm text-muted-foreground">
            After your password, a code from an authenticator app or a passkey confirms it is you.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setAdding(true)} data-testid="add-authenticator">
            Add authenticator app
          </Button>
          <Button variant="outline" onClick={() => passkey.mutate()} disabled={passkey.isPending} data-testid="add-passkey">
            {passkey.isPending ? <Spinner label="Waiting for the passkey" /> : null}
            Add passkey
          </Button>
        </div>
      </div>
      {data?.required && factors.length === 0 ? (
        <Alert tone="warning" data-testid="second-factor-required">
          Your account has terminal, risk-team or admin access: add a second factor to use it.
        </Alert>
      ) : null}
      {status.isPending ? (
        <Spinner label="Loading your second factors" />
      ) : factors.length === 0 ? (
        <p className="text-sm text-muted-foreground">No second factor yet.</p>
      ) : (
        <DeviceList>
          {factors.map((f) => (
            <DeviceRow
              key={f.id}
              device={f.label}
              tag={<Badge>{KIND_LABEL[f.kind]}</Badge>}
              testId="second-factor-row"
              details={
                <p className="text-xs text-muted-foreground">
                  Added {formatDateTime(f.createdAt)}
                  {f.lastUsedAt ? ` · last used ${formatDateTime(f.lastUsedAt)}` : ''}
                </p>
              }
              actions={
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() =>
                    setConfirmation({
                      title: `Remove ${f.label}?`,
                      description:
                        factors.length === 1
                          ? 'It is your only second factor: your recovery codes stop working too, and terminal, risk-team or admin access waits until you add another.'
                          : 'It no longer confirms sign-ins.',
                      action: 'Remove',
                      onConfirm: () => remove.mutate({ id: f.id }),
                    })
                  }
                >
                  Remove
                </Button>
              }
            />
          ))}
        </DeviceList>
      )}
      {factors.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border px-3 py-2 text-sm">
          <span data-testid="recovery-codes-left">
            Recovery codes: <strong>{data?.recoveryCodesLeft ?? 0}</strong> of 10 left
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={regenerate.isPending}
            onClick={() =>
              setConfirmation({
                title: 'Make new recovery codes?',
                description: 'The ten new codes replace the old ones, which stop working.',
                action: 'Make new codes',
                destructive: false,
                onConfirm: () => regenerate.mutate({}),
              })
            }
          >
            New recovery codes
          </Button>
        </div>
      ) : null}
      <AddAuthenticatorDialog open={adding} onOpenChange={setAdding} onRecoveryCodes={setCodes} />
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </section>
  );
}
