import { postAuth } from '~/lib/auth-http';
import { setHadSession } from '~/lib/session-hint';
import type { User } from '@contract/types';
import type { SecondFactorKind } from '@contract/enums';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/** What a right password answers for a user with a second factor: which kinds can finish the sign-in. */
export interface SecondFactorChallenge {
  kinds: SecondFactorKind[];
  /** the user has unused recovery codes */
  recoveryCodes: boolean;
  expiresAt: number;
}

export type SignInAnswer = { user: User } | { secondFactor: SecondFactorChallenge };

/** Sign-in and sign-up through the authentication helper (PRODUCT.md §3). */
export async function signInWithEmail(input: { email: string; password: string }): Promise<SignInAnswer> {
  const answer = await postAuth<SignInAnswer>('/api/auth/sign-in/email', input);
  if ('user' in answer) setHadSession(true);
  return answer;
}

export async function signUpWithEmail(input: { name: string; email: string; password: string }): Promise<User> {
  const { user } = await postAuth<{ user: User }>('/api/auth/sign-up/email', input);
  setHadSession(true);
  return user;
}

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
