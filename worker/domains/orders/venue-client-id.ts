/**
 * The client order id sent to the exchange: derived from the user and the browser's id, so users
 * sharing a sub-account never collide on an id (nor learn that another used one), and a user's
 * retries keep one id (exactly once per user). 'm' + 32 base64url characters of SHA-256 (192
 * bits): within Binance's newClientOrderId rule, ^[.A-Z:/a-z0-9_-]{1,36}$.
 */
export async function venueClientId(userId: string, clientOrderId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${userId}\n${clientOrderId}`));
  const base64 = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return `m${base64.replaceAll('+', '-').replaceAll('/', '_').slice(0, 32)}`;
}
