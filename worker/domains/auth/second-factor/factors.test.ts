import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authChallenges, secondFactors } from '../../../db/schema/second-factors';
import { sessions } from '../../../db/schema/sessions';
import { db, enrolTotp, insertUser, signedInJar } from '../../../test/harness';
import { sessionIdOf } from '../../../test/second-factor-helpers';
import { startSessionCeremony } from './challenges';
import { addFactorSpending, removeFactor } from './factors';
import { replaceRecoveryCodes } from './recovery-codes';

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

describe('addFactorSpending', () => {
  it('adds the factor once when the same ceremony is spent by three writes at once, and confirms the session', async () => {
    const user = await insertUser({ email: 'spend-once@factors.test', secondFactor: false });
    const sessionId = sessionIdOf(await signedInJar(user));
    const ceremony = await startSessionCeremony(db, { userId: user.id, sessionId, purpose: 'totpEnrol' }, { totpSecret: 'x' });
    const now = Date.now();
    const factor = (n: number) => ({
      id: crypto.randomUUID(),
      userId: user.id,
      kind: 'totp' as const,
      label: `App ${n}`,
      totpSecret: 'sealed',
      totpLastStep: 1,
      credentialId: null,
      publicKey: null,
      signCount: null,
      transports: null,
      createdAt: now,
    });
    const outcomes = await Promise.all([1, 2, 3].map((n) => addFactorSpending(db, sessionId, ceremony.id, factor(n))));
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
    expect(await addFactorSpending(db, sessionId, ceremony.id, row)).toBeUndefined();
    expect(await db.select().from(secondFactors).where(eq(secondFactors.userId, user.id))).toEqual([]);
    const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session!.secondFactorAt).not.toBe(row.createdAt);
  });
});
