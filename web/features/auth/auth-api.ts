import type { AuthInput } from '@contract/auth';
import type { User } from '@contract/types';
import { postAuth } from '~/lib/auth-http';
import { setHadSession } from '~/lib/session-hint';

/** Sign-in and sign-up through the authentication helper (docs/PRODUCT-RULES.md §5). */
export async function signInWithEmail(input: AuthInput<'signIn'>): Promise<User> {
  const { user } = await postAuth('signIn', input);
  setHadSession(true);
  return user;
}

export async function signUpWithEmail(input: AuthInput<'signUp'>): Promise<User> {
  const { user } = await postAuth('signUp', input);
  setHadSession(true);
  return user;
}
