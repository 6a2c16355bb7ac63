import { postAuth } from '~/lib/auth-http';
import { setHadSession } from '~/lib/session-hint';
import type { User } from '@contract/types';
import type { SecondFactorKind } from '@contract/enums';

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
