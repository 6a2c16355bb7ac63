import { describe, expect, it } from 'vitest';
import { db, enrolTotp, insertUser } from '../../../test/harness';
import { removeFactor } from './factors';
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
