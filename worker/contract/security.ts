import { oc } from '@orpc/contract';
import { z } from 'zod';
import { epochMs, epochMsOrNull } from './fields';
import { SECOND_FACTOR_KINDS } from './enums';
import { passkeyOptionsSchema, registrationResponseSchema } from './webauthn';

// A user's second factors, recovery codes and signed-in sessions (the account security
// page), and an admin's session and second-factor reset for another user.

export const secondFactorSchema = z.object({
  id: z.string(),
  kind: z.enum(SECOND_FACTOR_KINDS),
  label: z.string(),
  createdAt: epochMs,
  lastUsedAt: epochMsOrNull,
});
export type SecondFactor = z.infer<typeof secondFactorSchema>;

export const secondFactorStatusSchema = z.object({
  factors: z.array(secondFactorSchema),
  recoveryCodesLeft: z.number().int(),
  /** the policy requires a factor of this user (they hold terminal, risk-team or admin powers) */
  required: z.boolean(),
  /** when this session last confirmed a second factor (null: never) */
  confirmedAt: epochMsOrNull,
});

const label = z.string().trim().min(1, 'Give it a name').max(60, 'At most 60 characters');
/** Ten codes, shown once: after the first factor, and when asked for new ones. */
const recoveryCodes = z.array(z.string());

export const sessionSchema = z.object({
  id: z.string(),
  /** "Chrome on macOS", from the User-Agent at sign-in */
  device: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: epochMs,
  lastSeenAt: epochMsOrNull,
  /** the session making this call */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof sessionSchema>;

const id = z.string().min(1).max(64);

export const securityContract = {
  getSecondFactors: oc
    .route({ method: 'GET', summary: 'Your second factors, recovery codes left, and whether you need one' })
    .output(secondFactorStatusSchema),
  startTotpEnrolment: oc
    .route({
      method: 'POST',
      summary: 'Start adding an authenticator app: its secret and otpauth URI, shown once (step-up once you have a factor)',
    })
    .input(z.object({}).optional())
    .output(z.object({ secret: z.string(), uri: z.string(), expiresAt: z.number() })),
  confirmTotpEnrolment: oc
    .route({ method: 'POST', summary: 'Finish adding an authenticator app with a code it shows' })
    .input(
      z.object({
        code: z
          .string()
          .trim()
          .regex(/^\d{6}$/, 'Enter the 6-digit code'),
        label,
      }),
    )
    .output(z.object({ factor: secondFactorSchema, recoveryCodes: recoveryCodes.nullable() })),
  startPasskeyEnrolment: oc
    .route({ method: 'POST', summary: 'Start adding a passkey: WebAuthn creation options (step-up once you have a factor)' })
    .input(z.object({}).optional())
    .output(z.object({ options: passkeyOptionsSchema })),
  finishPasskeyEnrolment: oc
    .route({ method: 'POST', summary: "Finish adding a passkey with the browser's answer" })
    .input(z.object({ response: registrationResponseSchema, label }))
    .output(z.object({ factor: secondFactorSchema, recoveryCodes: recoveryCodes.nullable() })),
  removeSecondFactor: oc
    .route({ method: 'POST', summary: 'Remove one of your second factors (step-up)' })
    .input(z.object({ id }))
    .output(secondFactorStatusSchema),
  regenerateRecoveryCodes: oc
    .route({ method: 'POST', summary: 'Ten new recovery codes, shown once; the old ones stop working (step-up)' })
    .input(z.object({}).optional())
    .output(z.object({ recoveryCodes })),
  listSessions: oc.route({ method: 'GET', summary: 'Where you are signed in' }).output(z.array(sessionSchema)),
  endSession: oc
    .route({ method: 'POST', summary: 'End one of your sessions (refresh fails, streams end within 5 s)' })
    .input(z.object({ id }))
    .output(z.object({ ended: z.number().int() })),
  endOtherSessions: oc
    .route({ method: 'POST', summary: 'End every session of yours but this one' })
    .input(z.object({}).optional())
    .output(z.object({ ended: z.number().int() })),
  endUserSessions: oc
    .route({ method: 'POST', summary: 'End every session of a user (admin)' })
    .input(z.object({ userId: id }))
    .output(z.object({ ended: z.number().int() })),
  resetUserSecondFactors: oc
    .route({
      method: 'POST',
      summary: "Remove a user's second factors and recovery codes and end their sessions, for a lost device (admin, step-up)",
    })
    .input(z.object({ userId: id }))
    .output(z.object({ removed: z.number().int() })),
};
