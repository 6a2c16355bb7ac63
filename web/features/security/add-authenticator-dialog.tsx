import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Spinner } from '~/components/ui/spinner';
import { errorMessage, fieldErrors } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { userQuery } from '~/lib/user-query';
import { QrCode } from './qr-code';

/** The secret in groups of four, as authenticator apps ask to have it typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Adding an authenticator app: the server makes a secret for this session (shown once, as a QR code
 * and as text); the first code the app shows confirms it. The first factor comes with recovery codes.
 */
export function AddAuthenticatorDialog({
  open,
  onOpenChange,
  onRecoveryCodes,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" data-testid="add-authenticator-dialog" aria-describedby={undefined}>
        {open ? <AddAuthenticatorForm onDone={() => onOpenChange(false)} onRecoveryCodes={onRecoveryCodes} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AddAuthenticatorForm({ onDone, onRecoveryCodes }: { onDone: () => void; onRecoveryCodes: (codes: string[]) => void }) {
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('Authenticator app');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const start = useMutation(orpc.startTotpEnrolment.mutationOptions());
  const confirm = useMutation(
    orpc.confirmTotpEnrolment.mutationOptions({
      onSuccess: (result) => {
        toast.success(`${result.factor.label} added`);
        void queryClient.invalidateQueries({ queryKey: orpc.getSecondFactors.key() });
        // The powers it unlocks show at once (the user's claims are read again).
        void queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
        if (result.recoveryCodes) onRecoveryCodes(result.recoveryCodes);
        onDone();
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        setErrors(Object.keys(fields).length ? fields : { code: errorMessage(error, 'That code does not match') });
      },
    }),
  );
  const { mutate: begin } = start;
  // One secret per opening of the dialog.
  useEffect(() => begin({}), [begin]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) return setErrors({ code: 'Enter the 6-digit code the app shows' });
    if (!label.trim()) return setErrors({ label: 'Give it a name' });
    setErrors({});
    confirm.mutate({ code: digits, label: label.trim() });
  }

  const secret = start.data;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <DialogTitle>Add an authenticator app</DialogTitle>
        <DialogDescription>
          Scan the code with an authenticator app (or type the key), then enter the 6-digit code it shows.
        </DialogDescription>
      </div>
      {start.isError ? <Alert>{errorMessage(start.error, 'Could not start: try again')}</Alert> : null}
      {secret ? (
        <div className="grid justify-items-center gap-3">
          <QrCode value={secret.uri} label="QR code of the authenticator secret" />
          <div className="grid w-full gap-1 text-center">
            <span className="text-xs text-muted-foreground">Can’t scan it? Enter this key:</span>
            <code
              className="rounded-md border border-border bg-muted/40 px-2 py-1 font-mono text-sm break-all"
              data-testid="totp-secret"
            >
              {grouped(secret.secret)}
            </code>
          </div>
        </div>
      ) : start.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Making a secret" />
        </div>
      ) : null}
      <FormField
        label="Name"
        name="label"
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        error={errors.label}
        maxLength={60}
        hint="How you will recognise it, e.g. Phone"
      />
      <FormField
        label="Code from the app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.code}
        maxLength={7}
        disabled={!secret}
        data-testid="totp-confirm-code"
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!secret || confirm.isPending} data-testid="totp-confirm">
          {confirm.isPending ? <Spinner label="Checking" /> : null}
          Add app
        </Button>
      </DialogFooter>
    </form>
  );
}
