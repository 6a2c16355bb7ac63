import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { z } from 'zod';
import type { authenticationResponseSchema, registrationResponseSchema } from '../contract/webauthn';
import { ORIGIN } from './harness';

/**
 * A software passkey (an ECDSA P-256 key in memory) that answers WebAuthn ceremonies as a browser
 * would hand them on: registration with "none" attestation, assertions signed over authenticator
 * data + SHA-256(clientDataJSON), with a signature counter. For the worker's own tests; the e2e
 * suite uses Chromium's virtual authenticator instead.
 */
type RegistrationResponse = z.input<typeof registrationResponseSchema>;
type AuthenticationResponse = z.input<typeof authenticationResponseSchema>;

export class SoftPasskey {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  counter = 0;
  private constructor(
    private readonly keys: CryptoKeyPair,
    readonly rpId: string,
    readonly origin: string,
  ) {}

  static async create(origin = ORIGIN) {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    return new SoftPasskey(keys, new URL(origin).hostname, origin);
  }

  get id() {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  private async authData(flags: number, attested?: Uint8Array) {
    const rpIdHash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(this.rpId)));
    const count = new Uint8Array(4);
    new DataView(count.buffer).setUint32(0, this.counter);
    return concat(rpIdHash, Uint8Array.of(flags), count, attested ?? new Uint8Array());
  }

  /** This credential's answer to a ceremony (…ResponseJSON), around the ceremony's own `response`. */
  private credential<R>(response: R) {
    return { id: this.id, rawId: this.id, type: 'public-key' as const, clientExtensionResults: {}, response };
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin): Uint8Array<ArrayBuffer> {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false })) as Uint8Array<ArrayBuffer>;
  }

  /** The answer to creation options (`options.challenge`), as @simplewebauthn/browser's startRegistration gives it. */
  async register(options: { challenge: string }, opts: { origin?: string } = {}): Promise<RegistrationResponse> {
    const jwk = (await crypto.subtle.exportKey('jwk', this.keys.publicKey)) as JsonWebKey;
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const idLength = new Uint8Array(2);
    new DataView(idLength.buffer).setUint16(0, this.credentialId.length);
    const attested = concat(new Uint8Array(16), idLength, this.credentialId, cose);
    // UP (user present) | UV (user verified) | AT (attested credential data)
    const authData = await this.authData(0x01 | 0x04 | 0x40, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    return this.credential({
      clientDataJSON: isoBase64URL.fromBuffer(this.clientData('webauthn.create', options.challenge, opts.origin)),
      attestationObject: isoBase64URL.fromBuffer(attestationObject),
      transports: ['internal'],
    });
  }

  /** The answer to request options (`options.challenge`), signed; the counter moves on by one. */
  async assert(
    options: { challenge: string },
    opts: { origin?: string; keepCounter?: boolean } = {},
  ): Promise<AuthenticationResponse> {
    if (!opts.keepCounter) this.counter += 1;
    const authData = await this.authData(0x01 | 0x04);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin);
    const clientHash = new Uint8Array(await crypto.subtle.digest('SHA-256', clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, concat(authData, clientHash)),
    );
    return this.credential({
      clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
      authenticatorData: isoBase64URL.fromBuffer(authData),
      signature: isoBase64URL.fromBuffer(derSignature(raw)),
    });
  }
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** WebCrypto signs ECDSA as r‖s; WebAuthn carries it DER-encoded (SEQUENCE of two INTEGERs). */
function derSignature(raw: Uint8Array) {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let v = bytes.slice(i);
    if (v[0]! & 0x80) v = concat(Uint8Array.of(0), v);
    return concat(Uint8Array.of(0x02, v.length), v);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(Uint8Array.of(0x30, body.length), body);
}
