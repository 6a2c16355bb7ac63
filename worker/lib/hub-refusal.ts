import { DomainError } from './domain-error';
import { ERROR_CATALOGUE, type ErrorBody, type ErrorCode } from './error-catalogue';

/**
 * A hub (Durable Object) that refuses a subscription answers with a catalogue body instead of a
 * stream; the Worker turns it back into the same DomainError, so the caller gets the hub's own
 * code and message (a 429 for too many streams, a 400 naming unlisted symbols), not a 500.
 */
export function refusalResponse(err: DomainError): Response {
  const body: ErrorBody = { code: err.code, status: err.status, message: err.message };
  if (err.data !== undefined) body.data = err.data;
  return Response.json(body, { status: err.status });
}

const isCode = (code: unknown): code is ErrorCode => typeof code === 'string' && code in ERROR_CATALOGUE;

/** The error a hub's non-stream answer stands for: its DomainError, or a plain Error for anything else. */
export async function hubRefusal(res: Response, hub: string): Promise<Error> {
  const body = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
  if (body && isCode(body.code) && typeof body.message === 'string' && ERROR_CATALOGUE[body.code] === res.status)
    return new DomainError(body.code, body.message, body.data);
  return new Error(`${hub} answered ${res.status} without a stream`);
}
