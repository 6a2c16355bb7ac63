import { z } from 'zod';

/**
 * What a browser answers to a passkey ceremony (@simplewebauthn/browser's JSON), bounded so an
 * oversized or odd body is a 400 before any parsing: the verifier reads the rest.
 */
const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'base64url expected');
const extensions = z.looseObject({}).optional().default({});

/** A WebAuthn credential as the browser sends it (…ResponseJSON), with its ceremony's `response`. */
const credentialJson = <R extends z.ZodRawShape>(response: R) =>
  z.object({
    id: b64url(1024),
    rawId: b64url(1024),
    type: z.literal('public-key'),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: extensions,
    response: z.object(response),
  });

export const registrationResponseSchema = credentialJson({
  clientDataJSON: b64url(4096),
  attestationObject: b64url(16384),
  authenticatorData: b64url(8192).optional(),
  transports: z.array(z.string().max(32)).max(10).optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: b64url(4096).optional(),
});

export const authenticationResponseSchema = credentialJson({
  clientDataJSON: b64url(4096),
  authenticatorData: b64url(8192),
  signature: b64url(1024),
  userHandle: b64url(1024).optional(),
});

/** The options a browser passes to navigator.credentials (opaque here: the web hands them on). */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });
