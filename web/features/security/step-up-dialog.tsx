import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '~/components/ui/dialog';
import { FormField } from '~/components/ui/form-field';
import { Spinner } from '~/components/ui/spinner';
import { errorMessage, errorStatus } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { confirmWithCode, confirmWithPasskey } from '../auth/second-factor-api';
import { passkeyError } from './add-passkey';
import { secondFactorsQuery } from './security-queries';

/**
 * "Confirm it's you": the riskiest changes (trading keys, trading on or off, limits, roles, flags,
 * approvals, the second factors themselves) ask for the second factor again when the last one is
 * more than 5 minutes old. Confirmed, the change that asked is sent again by itself.
 */
export function StepUpDialog({ open, onDone }: { open: boolean; onDone: (confirmed: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onDone(false)}>
      <DialogContent className="max-w-sm" data-testid="step-up-dialog" aria-describedby={undefined}>
        {open ? <StepUpForm onDone={onDone} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function StepUpForm({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const queryClient = useQueryClient();
  const factors = useQuery(secondFactorsQuery);
  const kinds = new Set(factors.data?.factors.map((f) => f.kind));
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm(run: () => Promise<unknown>) {
    setPending(true);
    setError(null);
    try {
      await run();
      void queryClient.invalidateQueries({ queryKey: orpc.getSecondFactors.key() });
      onDone(true);
    } catch (err) {
      setError(
        errorStatus(err) === 429 ? errorMessage(err) : errorStatus(err) ? errorMessage(err) : passkeyError(err, 'Try again'),
      );
    } finally {
      setPending(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!code.trim()) return setError(recovery ? 'Enter a recovery code' : 'Enter the 6-digit code');
    void confirm(() => confirmWithCode(code));
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-1">
        <DialogTitle>Confirm it’s you</DialogTitle>
        <DialogDescription>This change needs your second factor again.</DialogDescription>
      </div>
      {error ? <Alert data-testid="step-up-error">{error}</Alert> : null}
      {kinds.has('passkey') && !recovery ? (
        <Button type="button" variant="outline" disabled={pending} onClick={() => void confirm(confirmWithPasskey)}>
          Use a passkey
        </Button>
      ) : null}
      {kinds.has('totp') || recovery || !kinds.has('passkey') ? (
        <FormField
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          name="code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          maxLength={recovery ? 32 : 6}
          autoFocus
          disabled={pending}
        />
      ) : null}
      <button
        type="button"
        className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        onClick={() => {
          setRecovery((r) => !r);
          setCode('');
        }}
      >
        {recovery ? 'Use your authenticator or passkey' : 'Use a recovery code'}
      </button>
      <DialogFooter>
        <Button variant="outline" type="button" onClick={() => onDone(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} data-testid="step-up-confirm">
          {pending ? <Spinner label="Checking" /> : null}
          Confirm
        </Button>
      </DialogFooter>
    </form>
  );
}
