import type { Db } from '../../../db/client';
import type { SecondFactorRow } from '../../../db/schema/second-factors';
import type { UserRow } from '../../../db/schema/users';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { domainError } from '../../../lib/domain-error';
import type { KeyRing } from '../../orders/key-vault';
import { startSessionCeremony, type ChallengeRow } from './challenges';
import { addFactorSpending, toFactorDto } from './factors';
import { registrationOptions, verifyRegistration, type RelyingParty } from './passkeys';
import { holdsPowers, type SecondFactorPolicy } from './policy';
import { newRecoveryCodeSet } from './recovery-codes';
import { newTotpSecret, sealTotpSecret, totpStep, totpUri } from './totp';
import { openSecret, sealSecret } from '../../orders/key-vault';

/** Who is enrolling: the signed-in user (as D1 has them), their session, and their factors now. */
export interface Enroller {
  user: UserRow;
  sessionId: string;
  /** read beside the caller's check (one round) */
  factors: SecondFactorRow[];
}

/** More would only be a way to hide one among many. */
const MAX_FACTORS = 10;

/**
 * getSecondFactors' answer from what was read: the caller (as their fresh check reads them), their
 * factors and unused recovery codes, in one D1 call (security.ts); a removal reads what is left in its own batch.
 */
export function statusOf(
  { user, confirmedAt }: { user: UserRow; confirmedAt: number | null },
  { factors, recoveryCodesLeft }: { factors: SecondFactorRow[]; recoveryCodesLeft: number },
  policy: SecondFactorPolicy,
) {
  return { factors: factors.map(toFactorDto), recoveryCodesLeft, required: policy.required && holdsPowers(user), confirmedAt };
}

function assertRoomForAnother(factors: SecondFactorRow[]) {
  if (factors.length >= MAX_FACTORS) throw domainError('CONFLICT', `At most ${MAX_FACTORS} second factors: remove one first`);
}

// A pending secret is sealed to the session's ceremony, then sealed again to the factor it becomes.
const pendingAad = (sessionId: string) => `totp-enrol:${sessionId}`;

/** A new authenticator-app secret for this session, shown once; it counts only after a code confirms it. */
export async function startTotpEnrolment(db: Db, ring: KeyRing, who: Enroller, issuer: string) {
  assertRoomForAnother(who.factors);
  const secret = newTotpSecret();
  const ceremony = await startSessionCeremony(
    db,
    { userId: who.user.id, sessionId: who.sessionId, purpose: 'totpEnrol' },
    { totpSecret: await sealSecret(ring, pendingAad(who.sessionId), secret) },
  );
  return { secret, uri: totpUri(secret, who.user.email, issuer), expiresAt: ceremony.expiresAt };
}

/**
 * The first factor comes with ten recovery codes, written in the factor's own batch (one D1 round);
 * later ones leave the codes as they are.
 */
const recoveryFor = async (who: Enroller, now: number) =>
  who.factors.length === 0 ? newRecoveryCodeSet(who.user.id, now) : { codes: null, rows: [] };

/** `ceremony`: the session's pending setup, read beside the caller (sessionCeremony). */
export async function confirmTotpEnrolment(
  db: Db,
  ring: KeyRing,
  who: Enroller,
  ceremony: ChallengeRow | undefined,
  code: string,
  label: string,
  now = Date.now(),
) {
  if (!ceremony?.totpSecret)
    throw domainError('PRECONDITION_FAILED', 'Start adding the authenticator app again: that setup expired');
  const secret = await openSecret(ring, pendingAad(who.sessionId), ceremony.totpSecret);
  const step = totpStep(secret, code, now);
  if (step === null)
    throw domainError('BAD_REQUEST', 'That code does not match: check the app shows this account, and its clock');
  assertRoomForAnother(who.factors);
  const id = crypto.randomUUID();
  const recovery = await recoveryFor(who, now);
  const row = await addFactorSpending(
    db,
    who.sessionId,
    ceremony.id,
    {
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
    },
    recovery.rows,
  );
  if (!row) throw domainError('CONFLICT', 'This setup was already finished');
  return { factor: toFactorDto(row), recoveryCodes: recovery.codes };
}

export async function startPasskeyEnrolment(db: Db, rp: RelyingParty, who: Enroller) {
  assertRoomForAnother(who.factors);
  const options = await registrationOptions(rp, who.user, who.factors);
  await startSessionCeremony(
    db,
    { userId: who.user.id, sessionId: who.sessionId, purpose: 'passkeyRegister' },
    { challenge: options.challenge },
  );
  // Handed to the browser as it is (navigator.credentials.create through @simplewebauthn/browser).
  return { options: options as typeof options & Record<string, unknown> };
}

/** `ceremony`: the session's passkey registration, read beside the caller (sessionCeremony). */
export async function finishPasskeyEnrolment(
  db: Db,
  rp: RelyingParty,
  who: Enroller,
  ceremony: ChallengeRow | undefined,
  response: RegistrationResponseJSON,
  label: string,
  now = Date.now(),
) {
  if (!ceremony?.challenge) throw domainError('PRECONDITION_FAILED', 'Start adding the passkey again: that request expired');
  const verified = await verifyRegistration(rp, ceremony.challenge, response);
  if (!verified) throw domainError('BAD_REQUEST', 'The passkey could not be verified');
  assertRoomForAnother(who.factors);
  const recovery = await recoveryFor(who, now);
  const row = await addFactorSpending(
    db,
    who.sessionId,
    ceremony.id,
    {
      id: crypto.randomUUID(),
      userId: who.user.id,
      kind: 'passkey',
      label,
      totpSecret: null,
      ...verified,
      createdAt: now,
    },
    recovery.rows,
  ).catch((err: unknown) => {
    // The unique credential id: this authenticator is registered already (to this user or another).
    if (String(err).includes('UNIQUE')) throw domainError('CONFLICT', 'This passkey is registered already');
    throw err;
  });
  if (!row) throw domainError('PRECONDITION_FAILED', 'Start adding the passkey again: that request expired');
  return { factor: toFactorDto(row), recoveryCodes: recovery.codes };
}
