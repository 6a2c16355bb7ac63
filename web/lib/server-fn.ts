import { httpErrorFromResponse } from './http-error';

/**
 * Calls a server function with the SPEC.md §7 / ARCHITECTURE.md wire format:
 * `/_serverFn/<name>?createServerFn`; GET carries `&payload=<url-encoded JSON>`, POST a JSON body
 * `{"data": …, "context": {}}`. A failed call throws an Error (HttpError) with the server's message,
 * else the body text, else 'HTTP error! status'.
 */
export async function serverFn<T>(name: string, method: 'GET' | 'POST', data?: unknown): Promise<T> {
  let url = `/_serverFn/${encodeURIComponent(name)}?createServerFn`;
  const init: RequestInit = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (method === 'GET') {
    if (data !== undefined) url += `&payload=${encodeURIComponent(JSON.stringify(data))}`;
  } else {
    // The CSRF rule: every mutation is POST with a JSON body.
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    init.body = JSON.stringify({ data: data ?? null, context: {} });
  }
  const response = await fetch(url, init);
  if (!response.ok) throw await httpErrorFromResponse(response);
  return (await response.json()) as T;
}
