/**
 * The `redirect` search parameter of /login must stay on this site: a path starting with a single
 * '/', never '//' or '/\' (protocol-relative URLs) and no control characters.
 */
export function safeRedirect(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (hasControlCharacter(value)) return fallback;
  try {
    const url = new URL(value, 'http://meridian.invalid');
    if (url.origin !== 'http://meridian.invalid') return fallback;
    // Never bounce back to the auth pages themselves.
    if (url.pathname === '/login' || url.pathname === '/signup') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

function hasControlCharacter(text: string) {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
