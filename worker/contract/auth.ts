import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './patterns';

// The bodies of POST /api/auth/sign-up/email and /sign-in/email (docs/PRODUCT-RULES.md §2).

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
