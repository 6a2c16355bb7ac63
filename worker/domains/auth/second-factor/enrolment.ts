import type { Db } from '../../../db/client';
import type { UserRow } from '../../../db/schema/users';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { domainError } from '../../../lib/domain-error';
import type { KeyRing } from '../../orders/key-vault';
import { consumeChallenge, sessionCeremony, startSessionCeremony, takeSessionCeremony } from './challenges';
import { addFactor, factorsOf, toFactorDto, type SecondFactorDto } from './factors';
import { registrationOptions, verifyRegistration, type RelyingParty } from './passkeys';
import { holdsPowers, type SecondFactorPolicy } from './policy';
import { replaceRecoveryCodes, unusedRecoveryCodes } from './recovery-codes';
import { newTotpSecret, sealTotpSecret, totpStep, totpUri } from './totp';
import { openSecret, sealSecret } from '../../orders/key-vault';

/** Who is enrolling: the signed-in user (as D1 has them) and their session. */
export interface Enroller {
  user: UserRow;
  sessionId: string;
}

/** More would only be a way to hide one among many. */
const MAX_FACTORS = 10;

/** getSecondFactors: the caller (as their fresh check reads them) and their factors, read in one round. */
export async function secondFactorStatus(
  db: Db,
  userId: string,
  caller: Promise<{ user: UserRow; confirmedAt: number | null }>,
  policy: SecondFactorPolicy,
) {
  const [{ user, confirmedAt }, factors, recoveryCodesLeft] = await Promise.all([
    caller,
    factorsOf(db, userId),
    unusedRecoveryCodes(db, userId),
  ]);
  return { factors: factors.map(toFactorDto), recoveryCodesLeft, required: policy.required && holdsPowers(user), confirmedAt };
}

async function roomForAnother(db: Db, userId: string) {
  const factors = await factorsOf(db, userId);
  if (factors.length >= MAX_FACTORS) throw domainError('CONFLICT', `At most ${MAX_FACTORS} second factors: remove one first`);
  return factors;
}

// A pending secret is sealed to the session's ceremony, then sealed again to the factor it becomes.
const pendingAad = (sessionId: string) => `totp-enrol:${sessionId}`;

/** A new authenticator-app secret for this session, shown once; it counts only after a code confirms it. */
export async function startTotpEnrolment(db: Db, ring: KeyRing, who: Enroller, issuer: string) {
  await roomForAnother(db, who.user.id);
  const secret = newTotpSecret();
  const ceremony = await startSessionCeremony(
    db,
    { userId: who.user.id, sessionId: who.sessionId, purpose: 'totpEnrol' },
    { totpSecret: await sealSecret(ring, pendingAad(who.sessionId), secret) },
  );
  return { secret, uri: totpUri(secret, who.user.email, issuer), expiresAt: ceremony.expiresAt };
}

/** The first factor comes with ten recovery codes; later ones leave the codes as they are. */
async function added(db: Db, userId: string, factor: SecondFactorDto, wasFirst: boolean) {
  return { factor, recoveryCodes: wasFirst ? await replaceRecoveryCodes(db, userId) : null };
}

export async function confirmTotpEnrolment(db: Db, ring: KeyRing, who: Enroller, code: string, label: string, now = Date.now()) {
  const ceremony = await sessionCeremony(db, who.sessionId, 'totpEnrol', now);
  if (!ceremony?.totpSecret)
    throw domainError('PRECONDITION_FAILED', 'Start adding the authenticator app again: that setup expired');
  const secret = await openSecret(ring, pendingAad(who.sessionId), ceremony.totpSecret);
  const step = totpStep(secret, code, now);
  if (step === null)
    throw domainError('BAD_REQUEST', 'That code does not match: check the app shows this account, and its clock');
  if (!(await consumeChallenge(db, ceremony.id, now))) throw domainError('CONFLICT', 'This setup was already finished');
  const existing = await roomForAnother(db, who.user.id);
  const id = crypto.randomUUID();
  const row = await addFactor(db, who.sessionId, {
    id,
    userId: who.user.id,
    kind: 'totp',
    label,
    totpSecret: await sealTotpSecret(ring, id, secret),
    // The confirming code is spent: it cannot also finish a sign-in.
    totpLastStep: step,
    credentialId: null,
    publicKey: null,
    signCount: null,
    transports: null,
    createdAt: now,
  });
  return added(db, who.user.id, toFactorDto(row), existing.length === 0);
}

export async function startPasskeyEnrolment(db: Db, rp: RelyingParty, who: Enroller) {
  const factors = await roomForAnother(db, who.user.id);
  const options = await registrationOptions(rp, who.user, factors);
  await startSessionCeremony(
    db,
    { userId: who.user.id, sessionId: who.sessionId, purpose: 'passkeyRegister' },
    { challenge: options.challenge },
  );
  // Handed to the browser as it is (navigator.credentials.create through @simplewebauthn/browser).
  return { options: options as typeof options & Record<string, unknown> };
}

export async function finishPasskeyEnrolment(
  db: Db,
  rp: RelyingParty,
  who: Enroller,
  response: RegistrationResponseJSON,
  label: string,
  now = Date.now(),
) {
  const ceremony = await takeSessionCeremony(db, who.sessionId, 'passkeyRegister', now);
  if (!ceremony?.challenge) throw domainError('PRECONDITION_FAILED', 'Start adding the passkey again: that request expired');
  const verified = await verifyRegistration(rp, ceremony.challenge, response);
  if (!verified) throw domainError('BAD_REQUEST', 'The passkey could not be verified');
  const existing = await roomForAnother(db, who.user.id);
  const row = await addFactor(db, who.sessionId, {
    id: crypto.randomUUID(),
    userId: who.user.id,
    kind: 'passkey',
    label,
    totpSecret: null,
    ...verified,
    createdAt: now,
  }).catch((err: unknown) => {
    // The unique credential id: this authenticator is registered already (to this user or another).
    if (String(err).includes('UNIQUE')) throw domainError('CONFLICT', 'This passkey is registered already');
    throw err;
  });
  return added(db, who.user.id, toFactorDto(row), existing.length === 0);
}
