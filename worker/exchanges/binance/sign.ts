/** What a signed Binance request needs, for the account client and the order venue alike. */
export interface SignedRequestConfig {
  apiKey: string;
  apiSecret: string;
  /** ms, default 5000, at most 60000 */
  recvWindow?: number;
  fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  now?: () => number;
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

/** The exact query string we send and sign: values percent-encoded (`@` → `%40`), undefined dropped. */
export function buildQuery(params: QueryParams): string {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Lowercase hex HMAC-SHA256 keyed by the API secret; the key is imported once per signer. */
export function createSigner(secret: string): (payload: string) => Promise<string> {
  let key: Promise<CryptoKey> | undefined;
  const encoder = new TextEncoder();
  return async (payload) => {
    key ??= crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return toHex(await crypto.subtle.sign('HMAC', await key, encoder.encode(payload)));
  };
}
