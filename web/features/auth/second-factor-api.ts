import { postAuth } from '~/lib/auth-http';
import { setHadSession } from '~/lib/session-hint';
import type { User } from '@contract/types';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

// The second factor's calls, loaded with the second step (and the step-up dialog), not with /login.

/** What a confirmed second factor answers (the sign-in's second step, or a step-up). */
export interface SecondFactorDone {
  user: User;
  secondFactorAt: number;
  /** after a recovery code: how many are left */
  recoveryCodesLeft?: number;
}

/**
 * The second step with an authenticator code or a recovery code: completes a sign-in waiting for it
 * (its HttpOnly cookie), or, signed in, confirms the factor again (a step-up).
 */
export async function confirmWithCode(code: string): Promise<SecondFactorDone> {
  const done = await postAuth<SecondFactorDone>('/api/auth/second-factor/totp', { code: code.trim() });
  setHadSession(true);
  return done;
}

/** The same with a passkey: the browser's ceremony between the server's options and its check. */
export async function confirmWithPasskey(): Promise<SecondFactorDone> {
  const { options } = await postAuth<{ options: PublicKeyCredentialRequestOptionsJSON }>('/api/auth/passkey/options', {});
  // Loaded only when a passkey is used: the sign-in page does not carry it otherwise.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options });
  const done = await postAuth<SecondFactorDone>('/api/auth/passkey/verify', { response });
  setHadSession(true);
  return done;
}
