import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, or, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { secondFactors, type SecondFactorRow } from '../../../db/schema/second-factors';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server: registration and assertion options, and the
 * verification of what the browser answers (challenge, origin, RP id, signature, counter). The
 * relying party is this site: its id is the host name (a domain: browsers refuse WebAuthn on an IP
 * address), its origin the one the request came to, unless WEBAUTHN_RP_ID names the domain.
 */
export interface RelyingParty {
  id: string;
  name: string;
  /** every origin a passkey of this RP may be used from */
  origins: string[];
}

const b64url = {
  encode: (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, ''),
  decode: (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
};

const passkeysOf = (factors: readonly SecondFactorRow[]) => factors.filter((f) => f.kind === 'passkey' && f.credentialId);
const descriptor = (f: SecondFactorRow) => ({ id: f.credentialId!, transports: f.transports ?? undefined });

export function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
  factors: readonly SecondFactorRow[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: Uint8Array.from(new TextEncoder().encode(user.id)),
    attestationType: 'none',
    // The same authenticator is not registered twice.
    excludeCredentials: passkeysOf(factors).map(descriptor),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The new passkey's row fields when the browser's answer proves the challenge; null otherwise. */
export async function verifyRegistration(rp: RelyingParty, challenge: string, response: RegistrationResponseJSON) {
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) return null;
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: b64url.encode(credential.publicKey),
    signCount: credential.counter,
    transports: credential.transports ?? null,
  };
}

export function assertionOptions(
  rp: RelyingParty,
  factors: readonly SecondFactorRow[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeysOf(factors).map(descriptor),
    userVerification: 'preferred',
  });
}

/**
 * Checks an assertion against the user's own passkeys (a credential of someone else is not among
 * them) and moves the signature counter on; answers the passkey, or null.
 */
export async function verifyAssertion(
  db: Db,
  rp: RelyingParty,
  factors: readonly SecondFactorRow[],
  challenge: string,
  response: AuthenticationResponseJSON,
  now = Date.now(),
): Promise<SecondFactorRow | null> {
  const factor = passkeysOf(factors).find((f) => f.credentialId === response.id);
  if (!factor) return null;
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: {
      id: factor.credentialId!,
      publicKey: b64url.decode(factor.publicKey!),
      counter: factor.signCount ?? 0,
      transports: factor.transports ?? undefined,
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) return null;
  const counter = result.authenticationInfo.newCounter;
  // Conditional on the stored counter: of two assertions racing, a replayed counter loses.
  const [moved] = await db
    .update(secondFactors)
    .set({ signCount: counter, lastUsedAt: now })
    .where(and(eq(secondFactors.id, factor.id), or(eq(secondFactors.signCount, 0), lt(secondFactors.signCount, counter))))
    .returning({ id: secondFactors.id });
  return moved ? factor : null;
}
