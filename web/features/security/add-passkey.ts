import { rpc } from '~/lib/rpc';

/**
 * Registers a passkey: the server's creation options, the browser's ceremony
 * (navigator.credentials.create through @simplewebauthn/browser, loaded only now), the server's check.
 */
export async function addPasskey(label: string) {
  const { options } = await rpc.startPasskeyEnrolment({});
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON: options as never });
  return rpc.finishPasskeyEnrolment({ response: response as never, label });
}

/** A ceremony the person cancelled (or that timed out), in plain words. */
export function passkeyError(error: unknown, fallback: string): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey prompt was closed before it finished.';
  if (name === 'InvalidStateError') return 'This device already has a passkey for your account.';
  return error instanceof Error && error.message ? error.message : fallback;
}
