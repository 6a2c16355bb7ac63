import { z } from 'zod';
import { epochMs } from './fields';
import type { AuthRouteName } from './auth-routes';
import { INPUT_ERRORS, retryAfterSchema } from './errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './patterns';
import { userSchema } from './users';
import { SECOND_FACTOR_KINDS } from './enums';

// The authentication helper's contract (docs/PRODUCT-RULES.md §2): each route of AUTH_ROUTES with its body,
// its answer and the errors whose data a caller reads. worker/http/auth/routes.ts implements it.

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email: emailSchema,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});

export type SignUpInput = z.input<typeof signUpSchema>;
export type SignInInput = z.input<typeof signInSchema>;

const signedIn = z.object({ user: userSchema });
const noBody = z.object({}).optional();
/** Too many sign-ins or sign-ups: data.retryAfter says when to try again (seconds). */
const RATE_LIMITED = { TOO_MANY_REQUESTS: { data: retryAfterSchema } };

interface AuthRouteDefinition {
  input: z.ZodType;
  output: z.ZodType;
  errors: Record<string, { data?: z.ZodType }>;
}

// The second step of a sign-in (or, signed in, a step-up) — POST /api/auth/second-factor/totp
// takes an authenticator code or a recovery code; the passkey ceremony is POST /api/auth/passkey/options
// then /api/auth/passkey/verify with the browser's answer.
export const secondFactorCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(6, 'Enter the 6-digit code or a recovery code')
    .max(32, 'Enter the 6-digit code or a recovery code'),
});
export type SecondFactorCodeInput = z.input<typeof secondFactorCodeSchema>;

/** What a right password answers for a user with a second factor: which kinds can finish the sign-in. */
const secondFactorChallenge = z.object({
  secondFactor: z.object({
    kinds: z.array(z.enum(SECOND_FACTOR_KINDS)),
    /** the user has unused recovery codes */
    recoveryCodes: z.boolean(),
    expiresAt: epochMs,
  }),
});
/** What a confirmed second factor answers (the sign-in's second step, or a step-up). */
const secondFactorDone = z.object({
  user: userSchema,
  secondFactorAt: epochMs,
  /** after a recovery code: how many are left */
  recoveryCodesLeft: z.number().optional(),
});

export const authContract = {
  signUp: { input: signUpSchema, output: signedIn, errors: { ...INPUT_ERRORS, ...RATE_LIMITED, CONFLICT: {} } },
  signIn: {
    input: signInSchema,
    output: z.union([signedIn, secondFactorChallenge]),
    errors: { ...INPUT_ERRORS, ...RATE_LIMITED, UNAUTHORIZED: {}, FORBIDDEN: {} },
  },
  /** Rotates the session cookies (the refresh token is the cookie). */
  refresh: { input: noBody, output: signedIn, errors: { UNAUTHORIZED: {} } },
  signOut: { input: noBody, output: z.object({ success: z.literal(true) }), errors: {} },
  /** An authenticator or recovery code: completes a pending sign-in (its cookie) or, signed in, steps up. */
  secondFactorTotp: {
    input: secondFactorCodeSchema,
    output: secondFactorDone,
    errors: { ...INPUT_ERRORS, ...RATE_LIMITED, UNAUTHORIZED: {} },
  },
  /** The passkey ceremony's options (WebAuthn PublicKeyCredentialRequestOptionsJSON). */
  passkeyOptions: {
    input: noBody,
    output: z.object({ options: z.record(z.string(), z.unknown()) }),
    errors: { UNAUTHORIZED: {} },
  },
  /** The browser's answer to those options (WebAuthn AuthenticationResponseJSON). */
  passkeyVerify: {
    input: z.object({ response: z.record(z.string(), z.unknown()) }),
    output: secondFactorDone,
    errors: { ...INPUT_ERRORS, ...RATE_LIMITED, UNAUTHORIZED: {} },
  },
  /** Answers from the access token alone. */
  getSession: {
    input: z.undefined(),
    output: z.union([
      z.object({ session: z.null() }),
      z.object({
        session: z.object({ userId: z.string(), expiresAt: z.number() }),
        user: userSchema.pick({ id: true, role: true, approved: true, isRiskTeam: true, can_use_terminal: true }),
      }),
    ]),
    errors: {},
  },
} satisfies Record<AuthRouteName, AuthRouteDefinition>;

export type AuthContract = typeof authContract;
/** What a caller sends to a route (before transforms). */
export type AuthInput<N extends AuthRouteName> = z.input<AuthContract[N]['input']>;
/** What a route answers. */
export type AuthOutput<N extends AuthRouteName> = z.output<AuthContract[N]['output']>;
/** The data of a route's error with that code. */
export type AuthErrorData<
  N extends AuthRouteName,
  C extends keyof AuthContract[N]['errors'],
> = AuthContract[N]['errors'][C] extends { data: z.ZodType } ? z.output<AuthContract[N]['errors'][C]['data']> : undefined;
