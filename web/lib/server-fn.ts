// Types only from the contract's index (it holds the zod schemas); the methods table is plain data.
import type { ServerFnInput, ServerFnName, ServerFnOutput } from '@contract/server-fns';
import { SERVER_FN_METHODS } from '@contract/server-fns/methods';
import { httpErrorFromResponse } from './http-error';

/** The input argument: optional for functions that take none (or whose input may be left out). */
type InputArg<N extends ServerFnName> = undefined extends ServerFnInput<N> ? [data?: ServerFnInput<N>] : [data: ServerFnInput<N>];

/**
 * Calls a server function with the wire format of docs/PRODUCT-RULES.md §5, typed by its contract
 * (worker/contract/server-fns): `/_serverFn/<name>?createServerFn`; GET carries
 * `&payload=<url-encoded JSON>`, POST a JSON body `{"data": …, "context": {}}`. The method comes from
 * the contract's SERVER_FN_METHODS. A failed call throws an Error (HttpError) with the server's
 * message, else the body text, else 'HTTP error! status'.
 */
export async function serverFn<N extends ServerFnName>(name: N, ...[data]: InputArg<N>): Promise<ServerFnOutput<N>> {
  const method = SERVER_FN_METHODS[name];
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
  return (await response.json()) as ServerFnOutput<N>;
}
