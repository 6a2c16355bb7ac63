import type { AuthInput, AuthOutput } from '@contract/auth';
import type { User } from '@contract/types';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { postAuth } from '~/lib/auth-http';
import { setHadSession } from '~/lib/session-hint';

/** What a right password answers for a user with a second factor: which kinds can finish the sign-in. */
export type SecondFactorChallenge = Extract<AuthOutput<'signIn'>, { secondFactor: unknown }>['secondFactor'];
export type SignInAnswer = AuthOutput<'signIn'>;
/** What a confirmed second factor answers (the sign-in's second step, or a step-up). */
export type SecondFactorDone = AuthOutput<'secondFactorTotp'>;

/** Sign-in and sign-up through the authentication helper (docs/PRODUCT-RULES.md §5). */
export async function signInWithEmail(input: AuthInput<'signIn'>): Promise<SignInAnswer> {
  const answer = await postAuth('signIn', input);
  if ('user' in answer) setHadSession(true);
  return answer;
}

export async function signUpWithEmail(input: AuthInput<'signUp'>): Promise<User> {
  const { user } = await postAuth('signUp', input);
  setHadSession(true);
  return user;
}

/**
 * The second step with an authenticator code or a recovery code: completes a sign-in waiting for it
 * (its HttpOnly cookie), or, signed in, confirms the factor again (a step-up).
 */
export async function confirmWithCode(code: string): Promise<SecondFactorDone> {
  const done = await postAuth('secondFactorTotp', { code: code.trim() });
  setHadSession(true);
  return done;
}

/** The same with a passkey: the browser's ceremony between the server's options and its check. */
export async function confirmWithPasskey(): Promise<SecondFactorDone> {
  const { options } = await postAuth('passkeyOptions', {});
  // Loaded only when a passkey is used: the sign-in page does not carry it otherwise.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  const done = await postAuth('passkeyVerify', { response: response as unknown as Record<string, unknown> });
  setHadSession(true);
  return done;
}
