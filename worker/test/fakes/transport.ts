/** Failures below a provider's own API that every fake can be told to simulate. */
export type TransportFailure = { type: 'http'; status: number } | { type: 'network' } | { type: 'timeout' };

/** An HTML page, as proxies, firewalls and error pages answer instead of the provider's JSON. */
export const htmlResponse = (html: string, status = 200) =>
  new Response(html, { status, headers: { 'content-type': 'text/html' } });

/** Throws what fetch throws for a lost connection, or for an AbortSignal.timeout that elapsed. */
export function throwTransportFailure(type: 'network' | 'timeout'): never {
  if (type === 'network') throw new TypeError('Network connection lost.');
  throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
}
