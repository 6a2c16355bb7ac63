import { domainError } from '../../lib/domain-error';

/**
 * Sub-account trading keys at rest: AES-256-GCM through WebCrypto, with the id of the key that
 * sealed them, so the key can be rotated (new seals use the current key, old ones still open).
 * The keyring comes from a Worker secret, "id:base64key[,id:base64key…]", current key first.
 * The account id is the additional data: a sealed secret copied to another account does not open.
 */
export interface KeyRing {
  currentId: string;
  keys: Map<string, CryptoKey>;
}

const VERSION = 'v1';
const enc = new TextEncoder();
const dec = new TextDecoder();

const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function parseKeyRing(spec: string): Promise<KeyRing> {
  const entries = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('The trading-key keyring is empty');
  const keys = new Map<string, CryptoKey>();
  for (const entry of entries) {
    const [id, material] = entry.split(':');
    if (!id || !/^[A-Za-z0-9_-]{1,16}$/.test(id) || !material) throw new Error('Keyring entries are id:base64key');
    const raw = fromB64(material);
    if (raw.length !== 32) throw new Error(`Keyring key ${id} must be 32 bytes (AES-256)`);
    keys.set(id, await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']));
  }
  return { currentId: entries[0]!.split(':')[0]!, keys };
}

const rings = new Map<string, Promise<KeyRing>>();

/**
 * A keyring secret (named `secretName`), imported once per isolate: 503 with what is off when it is
 * unset, and 503 naming the secret when it is malformed (the messages name key ids, never material).
 */
export async function cachedKeyRing(secretName: string, spec: string | null | undefined, whatIsOff: string): Promise<KeyRing> {
  if (!spec) throw domainError('SERVICE_UNAVAILABLE', `${whatIsOff} are off: the ${secretName} secret is not set`);
  let ring = rings.get(spec);
  if (!ring) {
    ring = parseKeyRing(spec);
    rings.set(spec, ring);
  }
  try {
    return await ring;
  } catch (err) {
    rings.delete(spec);
    throw domainError('SERVICE_UNAVAILABLE', `The ${secretName} secret is malformed: ${(err as Error).message}`);
  }
}

/** "v1.<keyId>.<iv>.<ciphertext+tag>", base64 parts. */
export async function sealSecret(ring: KeyRing, accountId: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = ring.keys.get(ring.currentId)!;
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: enc.encode(accountId) }, key, enc.encode(plaintext)),
  );
  return [VERSION, ring.currentId, toB64(iv), toB64(sealed)].join('.');
}

export function sealedKeyId(sealed: string): string | null {
  const [version, keyId] = sealed.split('.');
  return version === VERSION && keyId ? keyId : null;
}

export async function openSecret(ring: KeyRing, accountId: string, sealed: string): Promise<string> {
  const [version, keyId, iv, data] = sealed.split('.');
  if (version !== VERSION || !keyId || !iv || !data) throw new Error('Not a sealed trading key');
  const key = ring.keys.get(keyId);
  if (!key) throw new Error(`The key ${keyId} that sealed this secret is no longer in the keyring`);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromB64(iv), additionalData: enc.encode(accountId) },
    key,
    fromB64(data),
  );
  return dec.decode(plain);
}
