/**
 * The authentication helper under /api/auth (docs/PRODUCT-RULES.md §2): each route's method and path, without
 * the schemas (auth.ts), so the web's auth client names its calls with no zod in its bundle.
 */
export const AUTH_ROUTES = {
  signUp: { method: 'POST', path: '/api/auth/sign-up/email' },
  signIn: { method: 'POST', path: '/api/auth/sign-in/email' },
  refresh: { method: 'POST', path: '/api/auth/refresh' },
  signOut: { method: 'POST', path: '/api/auth/sign-out' },
  secondFactorTotp: { method: 'POST', path: '/api/auth/second-factor/totp' },
  passkeyOptions: { method: 'POST', path: '/api/auth/passkey/options' },
  passkeyVerify: { method: 'POST', path: '/api/auth/passkey/verify' },
  getSession: { method: 'GET', path: '/api/auth/get-session' },
} as const;

export type AuthRouteName = keyof typeof AUTH_ROUTES;
