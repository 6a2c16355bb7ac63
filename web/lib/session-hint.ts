/**
 * Whether this browser believes it has a session. The session cookies are HttpOnly, so scripts
 * cannot see them; this non-secret flag only decides whether a 401 is worth one refresh attempt
 * (a returning user whose 10-minute access token expired) or simply means "anonymous" (no
 * pointless POST /api/auth/refresh for visitors who never signed in). It grants nothing.
 */
const KEY = 'meridian.session';

export function hadSession(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setHadSession(value: boolean) {
  try {
    if (value) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage may be unavailable (private mode): refresh then only happens within this page.
  }
}
