import { describe, expect, it } from 'vitest';
import { openSecret, parseKeyRing, sealedKeyId, sealSecret } from './key-vault';

const keyB64 = (fill: number) => btoa(String.fromCharCode(...new Uint8Array(32).fill(fill)));
const SECRET = 'Zx9-sub-account-api-secret-1234567890';

describe('trading keys sealed with AES-GCM', () => {
  it('round trip; the sealed text names its key and holds no trace of the secret', async () => {
    const ring = await parseKeyRing(`k1:${keyB64(1)}`);
    const sealed = await sealSecret(ring, 'acct-1', SECRET);
    expect(sealedKeyId(sealed)).toBe('k1');
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(btoa(SECRET).slice(0, 16));
    expect(await openSecret(ring, 'acct-1', sealed)).toBe(SECRET);
    // A fresh IV each time.
    expect(await sealSecret(ring, 'acct-1', SECRET)).not.toBe(sealed);
  });

  it('rotation: new seals use the current key, old ones still open while their key is kept', async () => {
    const old = await parseKeyRing(`k1:${keyB64(1)}`);
    const sealedOld = await sealSecret(old, 'acct-1', SECRET);
    const rotated = await parseKeyRing(`k2:${keyB64(2)}, k1:${keyB64(1)}`);
    expect(await openSecret(rotated, 'acct-1', sealedOld)).toBe(SECRET);
    expect(sealedKeyId(await sealSecret(rotated, 'acct-1', SECRET))).toBe('k2');
    const dropped = await parseKeyRing(`k2:${keyB64(2)}`);
    await expect(openSecret(dropped, 'acct-1', sealedOld)).rejects.toThrow(/no longer in the keyring/);
  });

  it('refuses another account, a tampered text and a bad keyring', async () => {
    const ring = await parseKeyRing(`k1:${keyB64(1)}`);
    const sealed = await sealSecret(ring, 'acct-1', SECRET);
    await expect(openSecret(ring, 'acct-2', sealed)).rejects.toThrow();
    const parts = sealed.split('.');
    const flipped = parts[3]!.startsWith('A') ? `B${parts[3]!.slice(1)}` : `A${parts[3]!.slice(1)}`;
    await expect(openSecret(ring, 'acct-1', [...parts.slice(0, 3), flipped].join('.'))).rejects.toThrow();
    await expect(parseKeyRing('k1:c2hvcnQ=')).rejects.toThrow(/32 bytes/);
    await expect(parseKeyRing('')).rejects.toThrow(/empty/);
  });
});
