import { ZodError } from 'zod';
import { DomainError, zodIssuesToData } from '../lib/domain-error';
import { ERROR_CATALOGUE, INTERNAL_ERROR_MESSAGE, type ErrorBody } from '../lib/error-catalogue';
import { logError } from '../lib/log';

/** Map anything thrown to a catalogue body. Unknown errors are logged with the request id and hidden. */
export function toErrorBody(err: unknown, requestId: string): ErrorBody {
  if (err instanceof DomainError) {
    const { code } = err;
    if (code === 'INTERNAL_SERVER_ERROR') {
      logError('internal error', err.cause ?? err, requestId);
      return { code, status: 500, message: INTERNAL_ERROR_MESSAGE };
    }
    const body: ErrorBody = { code, status: ERROR_CATALOGUE[code], message: err.message };
    if (err.data !== undefined) body.data = err.data;
    return body;
  }
  if (err instanceof ZodError) {
    return { code: 'BAD_REQUEST', status: 400, message: 'Input validation failed', data: zodIssuesToData(err) };
  }
  logError('unhandled error', err, requestId);
  return { code: 'INTERNAL_SERVER_ERROR', status: 500, message: INTERNAL_ERROR_MESSAGE };
}

export function errorResponse(body: ErrorBody, headers?: HeadersInit): Response {
  return Response.json(body, { status: body.status, headers });
}
