import { useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { FormField } from '~/components/ui/form-field';
import { Spinner } from '~/components/ui/spinner';
import type { SecondFactorChallenge } from './auth-api';
import { confirmWithCode, confirmWithPasskey, type SecondFactorDone } from './second-factor-api';
import { useAuthForm } from './use-auth-form';

/** A passkey ceremony the person cancelled (or that timed out) says so in plain words. */
function passkeyMessage(error: unknown): string | null {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey prompt was closed before it finished. Try again.';
  return null;
}

/**
 * The sign-in's second step, after the right password: an authenticator code, a recovery code or a
 * passkey, whichever the user has. `onDone` receives what the server answered (the user).
 */
export function SecondFactorStep({
  challenge,
  onDone,
  onStartOver,
}: {
  challenge: SecondFactorChallenge;
  onDone: (done: SecondFactorDone) => Promise<void>;
  onStartOver: () => void;
}) {
  const hasTotp = challenge.kinds.includes('totp');
  const hasPasskey = challenge.kinds.includes('passkey');
  const [recovery, setRecovery] = useState(!hasTotp && !hasPasskey);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const form = useAuthForm<{ code: string }>(async ({ code }) => onDone(await confirmWithCode(code)));
  const busy = form.pending || passkeyPending;

  async function confirmPasskey() {
    setPasskeyPending(true);
    setPasskeyError(null);
    try {
      await onDone(await confirmWithPasskey());
    } catch (error) {
      setPasskeyError(passkeyMessage(error) ?? (error instanceof Error ? error.message : 'The passkey could not be used'));
    } finally {
      setPasskeyPending(false);
    }
  }

  const showCodeForm = hasTotp || recovery;
  return (
    <Card data-testid="second-factor-step">
      <CardHeader>
        <CardTitle>Confirm it’s you</CardTitle>
        <CardDescription>
          {recovery
            ? 'Enter one of your recovery codes. Each works once.'
            : hasTotp
              ? 'Enter the 6-digit code from your authenticator app.'
              : 'Use your passkey to finish signing in.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeyError ? <Alert data-testid="passkey-error">{passkeyError}</Alert> : null}
        {hasPasskey && !recovery ? (
          <Button
            type="button"
            variant={hasTotp ? 'outline' : 'default'}
            onClick={() => void confirmPasskey()}
            disabled={busy}
            className="w-full"
          >
            {passkeyPending ? <Spinner label="Waiting for the passkey" className="size-3.5" /> : null}
            Use a passkey
          </Button>
        ) : null}
        {showCodeForm ? (
          <form
            className="grid gap-4"
            onSubmit={form.onSubmit}
            noValidate
            aria-busy={form.pending}
            data-testid="second-factor-form"
          >
            {form.error ? <Alert data-testid="form-error">{form.error}</Alert> : null}
            <FormField
              key={recovery ? 'recovery' : 'totp'}
              label={recovery ? 'Recovery code' : 'Authentication code'}
              name="code"
              autoComplete="one-time-code"
              inputMode={recovery ? 'text' : 'numeric'}
              placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
              maxLength={recovery ? 32 : 6}
              autoFocus
              required
              disabled={busy}
              error={form.fields.code}
            />
            <Button type="submit" disabled={busy} className="w-full">
              {form.pending ? <Spinner label="Checking the code" className="size-3.5" /> : null}
              Verify
            </Button>
          </form>
        ) : null}
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          {challenge.recoveryCodes || recovery ? (
            <button
              type="button"
              className="font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => setRecovery((r) => !r)}
              disabled={busy}
            >
              {recovery ? (hasTotp ? 'Use your authenticator app' : 'Use your passkey') : 'Use a recovery code'}
            </button>
          ) : (
            <span />
          )}
          <button
            type="button"
            className="text-muted-foreground underline-offset-4 hover:underline"
            onClick={onStartOver}
            disabled={busy}
          >
            Start over
          </button>
        </div>
      </CardContent>
    </Card>
  );
}
