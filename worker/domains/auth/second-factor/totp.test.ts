import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { secondFactors } from '../../../db/schema/second-factors';
import { db, enrolTotp, insertUser, TEST_TOTP_SECRET, testKeyRing } from '../../../test/harness';
import { acceptTotpCode, newTotpSecret, totpCodeAt, totpStep, totpUri } from './totp';
import { factorsOf } from './factors';

const STEP = 30_000;
// A fixed instant in the middle of a step, so "one step either side" is exact.
const T = Math.floor(Date.UTC(2026, 10, 27, 12) / STEP) * STEP + 10_000;

describe('authenticator codes (RFC 6238)', () => {
  it('matches the RFC 6238 test vector (SHA-1, 8 digits cut to 6)', () => {
    // RFC 6238 Appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits); 6 digits: 287082.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCodeAt(secret, 59_000)).toBe('287082');
    expect(totpCodeAt(secret, 1_111_111_109_000)).toBe('081804');
  });

  it('accepts a code for its own step and one step either side, not two', () => {
    const step = Math.floor(T / STEP);
    expect(totpStep(TEST_TOTP_SECRET, totpCodeAt(TEST_TOTP_SECRET, T), T)).toBe(step);
    expect(totpStep(TEST_TOTP_SECRET, totpCodeAt(TEST_TOTP_SECRET, T - STEP), T)).toBe(step - 1);
    expect(totpStep(TEST_TOTP_SECRET, totpCodeAt(TEST_TOTP_SECRET, T + STEP), T)).toBe(step + 1);
    expect(totpStep(TEST_TOTP_SECRET, totpCodeAt(TEST_TOTP_SECRET, T - 2 * STEP), T)).toBeNull();
    expect(totpStep(TEST_TOTP_SECRET, totpCodeAt(TEST_TOTP_SECRET, T + 2 * STEP), T)).toBeNull();
    expect(totpStep(TEST_TOTP_SECRET, '000000', T) === null || totpCodeAt(TEST_TOTP_SECRET, T) === '000000').toBe(true);
  });

  it('makes 160-bit base32 secrets and an otpauth:// URI apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'ada@example.com', 'Meridian'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Meridian:ada@example.com');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'Meridian', digits: '6', period: '30' });
  });
});

describe('accepting a code: once, and never an older one', () => {
  it('accepts a code once; the same code again, or one of an earlier step, is refused', async () => {
    const user = await insertUser({ secondFactor: false });
    await enrolTotp(user.id);
    const ring = await testKeyRing();
    const factors = () => factorsOf(db, user.id);
    expect(await acceptTotpCode(db, ring, await factors(), totpCodeAt(TEST_TOTP_SECRET, T), T)).not.toBeNull();
    // Replayed within its window: refused.
    expect(await acceptTotpCode(db, ring, await factors(), totpCodeAt(TEST_TOTP_SECRET, T), T + 5_000)).toBeNull();
    // The previous step's code is still inside the window, but older than the one used: refused.
    expect(await acceptTotpCode(db, ring, await factors(), totpCodeAt(TEST_TOTP_SECRET, T - STEP), T)).toBeNull();
    // The next step's code is new: accepted once.
    expect(await acceptTotpCode(db, ring, await factors(), totpCodeAt(TEST_TOTP_SECRET, T + STEP), T)).not.toBeNull();
    expect(await acceptTotpCode(db, ring, await factors(), totpCodeAt(TEST_TOTP_SECRET, T + STEP), T + STEP)).toBeNull();
    const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, user.id));
    expect(row!.totpLastStep).toBe(Math.floor(T / STEP) + 1);
    expect(row!.lastUsedAt).toBe(T);
  });

  it('lets only one of many parallel uses of a code through', async () => {
    const user = await insertUser({ secondFactor: false });
    await enrolTotp(user.id);
    const ring = await testKeyRing();
    const factors = await factorsOf(db, user.id);
    const code = totpCodeAt(TEST_TOTP_SECRET, T + 10 * STEP);
    const results = await Promise.all(Array.from({ length: 8 }, () => acceptTotpCode(db, ring, factors, code, T + 10 * STEP)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('stores the secret sealed, bound to its row: a copied secret does not open elsewhere', async () => {
    const user = await insertUser({ secondFactor: false });
    const id = await enrolTotp(user.id);
    const [row] = await db.select().from(secondFactors).where(eq(secondFactors.id, id));
    expect(row!.totpSecret).not.toContain(TEST_TOTP_SECRET);
    // The same sealed text under another factor's id: refused (AES-GCM with the id as associated data).
    const other = await insertUser({ secondFactor: false });
    const otherId = await enrolTotp(other.id);
    await db.update(secondFactors).set({ totpSecret: row!.totpSecret }).where(eq(secondFactors.id, otherId));
    await expect(
      acceptTotpCode(db, await testKeyRing(), await factorsOf(db, other.id), totpCodeAt(TEST_TOTP_SECRET, T), T),
    ).rejects.toThrow();
  });

  it('refuses anything that is not six digits without looking further', async () => {
    const user = await insertUser({ secondFactor: false });
    await enrolTotp(user.id);
    const factors = await factorsOf(db, user.id);
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456', '12 456'])
      expect(await acceptTotpCode(db, await testKeyRing(), factors, code, T)).toBeNull();
  });
});
