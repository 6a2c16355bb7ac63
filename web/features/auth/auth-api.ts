import { postAuth } from '~/lib/auth-http';
import { setHadSession } from '~/lib/session-hint';
import type { User } from '@contract/types';

/** Sign-in and sign-up through the authentication helper (PRODUCT.md §3). */
export async function signInWithEmail(input: { email: string; password: string }): Promise<User> {
  const { user } = await postAuth<{ user: User }>('/api/auth/sign-in/email', input);
  setHadSession(true);
  return user;
}

export async function signUpWithEmail(input: { name: string; email: string; password: string }): Promise<User> {
  const { user } = await postAuth<{ user: User }>('/api/auth/sign-up/email', input);
  setHadSession(true);
  return user;
}
