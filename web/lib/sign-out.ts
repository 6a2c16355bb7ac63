import { serverFn } from './server-fn';
import { setHadSession } from './session-hint';

/**
 * Sign out through the signOut server function, then a full navigation to / (which
 * drops every cached query). A failure is only logged: no toast, no redirect.
 */
export async function signOut() {
  try {
    await serverFn('signOut');
    setHadSession(false);
    window.location.href = '/';
  } catch (err) {
    console.error('Sign out error', err);
  }
}
