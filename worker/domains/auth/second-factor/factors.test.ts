import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authChallenges, recoveryCodes, secondFactors } from '../../../db/schema/second-factors';
import { sessions } from '../../../db/schema/sessions';
import { db, enrolTotp, insertUser, signedInJar } from '../../../test/harness';
import { sessionIdOf } from '../../../test/second-factor-helpers';
import { startSessionCeremony } from './challenges';
import { addFactorSpending, removeFactor } from './factors';
import { newRecoveryCodeSet, replaceRecoveryCodes, unusedRecoveryCodes, useRecoveryCode } from './recovery-codes';

describe('removeFactor', () => {
  it('keeps the recovery codes while a factor is left, takes them with the last one, and answers what is left', async () => {
    const user = await insertUser({ email: 'two-factors@remove.test' });
    const [first, second] = [await enrolTotp(user.id, 'Phone'), await enrolTotp(user.id, 'Tablet')];
    await replaceRecoveryCodes(db, user.id);

    const one = await removeFactor(db, user.id, first);
    expect(one.removed.id).toBe(first);
    expect(one.factors.map((f) => f.id)).toEqual([second]);
    expect(one.recoveryCodesLeft).toBe(10);

    const none = await removeFactor(db, user.id, second);
    expect(none.factors).toEqual([]);
    expect(none.recoveryCodesLeft).toBe(0);
  });

  it("refuses someone else's factor (404) and changes nothing", async () => {
    const owner = await insertUser({ email: 'owner@remove.test' });
    const other = await insertUser({ email: 'other@remove.test' });
    const factor = await enrolTotp(owner.id);
    await replaceRecoveryCodes(db, owner.id);
    await expect(removeFactor(db, other.id, factor)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const still = await removeFactor(db, owner.id, factor);
    expect(still.removed.id).toBe(factor);
  });
});

/** A TOTP factor's row as enrolment writes it (the secret already sealed). */
const totpRow = (userId: string, label: string, createdAt: number) => ({
  id: crypto.randomUUID(),
  userId,
  kind: 'totp' as const,
  label,
  totpSecret: 'sealed',
  totpLastStep: 1,
  credentialId: null,
  publicKey: null,
  signCount: null,
  transports: null,
  createdAt,
});

describe('addFactorSpending', () => {
  it('adds the factor once when the same ceremony is spent by three writes at once, and confirms the session', async () => {
    const user = await insertUser({ email: 'spend-once@factors.test', secondFactor: false });
    const sessionId = sessionIdOf(await signedInJar(user));
    const ceremony = await startSessionCeremony(db, { userId: user.id, sessionId, purpose: 'totpEnrol' }, { totpSecret: 'x' });
    const now = Date.now();
    const outcomes = await Promise.all(
      [1, 2, 3].map((n) => addFactorSpending(db, sessionId, ceremony.id, totpRow(user.id, `App ${n}`, now))),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await db.select().from(secondFactors).where(eq(secondFactors.userId, user.id))).toHaveLength(1);
    expect(await db.select().from(authChallenges).where(eq(authChallenges.id, ceremony.id))).toEqual([]);
    const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session!.secondFactorAt).toBe(now);
  });

  it('writes nothing for a spent or expired ceremony', async () => {
    const user = await insertUser({ email: 'spent@factors.test', secondFactor: false });
    const sessionId = sessionIdOf(await signedInJar(user));
    const ceremony = await startSessionCeremony(
      db,
      { userId: user.id, sessionId, purpose: 'passkeyRegister' },
      { challenge: 'c' },
    );
    const row = {
      id: crypto.randomUUID(),
      userId: user.id,
      kind: 'passkey' as const,
      label: 'Key',
      totpSecret: null,
      credentialId: `cred-${crypto.randomUUID()}`,
      publicKey: 'pk',
      signCount: 0,
      transports: ['usb'],
      createdAt: ceremony.expiresAt + 1,
    };
    const earlier = await replaceRecoveryCodes(db, user.id);
    const recovery = await newRecoveryCodeSet(user.id, row.createdAt);
    expect(await addFactorSpending(db, sessionId, ceremony.id, row, recovery.rows)).toBeUndefined();
    expect(await db.select().from(secondFactors).where(eq(secondFactors.userId, user.id))).toEqual([]);
    // The codes that came with it were not written either: the earlier ones stand.
    expect(await useRecoveryCode(db, user.id, recovery.codes[0]!)).toBe(false);
    expect(await useRecoveryCode(db, user.id, earlier[0]!)).toBe(true);
    const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session!.secondFactorAt).not.toBe(row.createdAt);
  });

  it("writes a first factor's recovery codes in its batch, replacing any left, and they work once", async () => {
    const user = await insertUser({ email: 'first-factor-codes@factors.test', secondFactor: false });
    const sessionId = sessionIdOf(await signedInJar(user));
    const stale = await replaceRecoveryCodes(db, user.id);
    const ceremony = await startSessionCeremony(db, { userId: user.id, sessionId, purpose: 'totpEnrol' }, { totpSecret: 'x' });
    const now = Date.now();
    const recovery = await newRecoveryCodeSet(user.id, now);
    const added = await addFactorSpending(db, sessionId, ceremony.id, totpRow(user.id, 'App', now), recovery.rows);
    expect(added).toBeDefined();
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(10);
    expect(await useRecoveryCode(db, user.id, stale[0]!)).toBe(false);
    expect(await useRecoveryCode(db, user.id, recovery.codes[3]!)).toBe(true);
    expect(await useRecoveryCode(db, user.id, recovery.codes[3]!)).toBe(false);
    expect(await unusedRecoveryCodes(db, user.id)).toBe(9);
  });
});
