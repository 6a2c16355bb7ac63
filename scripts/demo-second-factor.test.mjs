import { describe, expect, it } from 'vitest';
import { openSecret, parseKeyRing } from '../worker/domains/orders/key-vault';
import { totpCodeAt as workerCodeAt } from '../worker/domains/auth/second-factor/totp';
import { codeLedger, DEFAULT_DEMO_TOTP_SECRET, sealTotpSecret, totpCodeAt, TOTP_PERIOD_MS } from './demo-second-factor.mjs';

describe('the demo authenticator (scripts/demo-second-factor.mjs)', () => {
  it('is a valid base32 secret of 160 bits', () => {
    expect(DEFAULT_DEMO_TOTP_SECRET).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('computes the codes the Worker checks', () => {
    for (const at of [0, 59_000, Date.now(), Date.now() + 30_000])
      expect(totpCodeAt(DEFAULT_DEMO_TOTP_SECRET, at)).toBe(workerCodeAt(DEFAULT_DEMO_TOTP_SECRET, at));
  });

  it('seals the secret so the Worker opens it (same format, the factor id as associated data)', async () => {
    const keyring = `local1:${Buffer.alloc(32, 3).toString('base64')}`;
    const sealed = await sealTotpSecret(keyring, 'factor-1', DEFAULT_DEMO_TOTP_SECRET);
    const ring = await parseKeyRing(keyring);
    expect(await openSecret(ring, 'totp:factor-1', sealed)).toBe(DEFAULT_DEMO_TOTP_SECRET);
    await expect(openSecret(ring, 'totp:factor-2', sealed)).rejects.toThrow();
  });

  it('hands out each step once, at most one step ahead, and waits for the next one after that', () => {
    let store = {};
    const ledger = codeLedger({ load: () => store, save: (next) => (store = next) });
    const at = 1_000 * TOTP_PERIOD_MS + 5_000;
    expect(ledger.plan('a', at)).toEqual({ step: 1000, waitMs: 0 });
    store = { a: 1000 };
    expect(ledger.plan('a', at)).toEqual({ step: 1001, waitMs: 0 });
    store = { a: 1001 };
    // Step 1002 is accepted from step 1001 on (one step of drift): 25 s from here, plus a margin.
    expect(ledger.plan('a', at)).toEqual({ step: 1002, waitMs: 25_050 });
    expect(ledger.plan('b', at)).toEqual({ step: 1000, waitMs: 0 });
  });
});
