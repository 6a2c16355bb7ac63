import { ORPCError } from '@orpc/server';
import { ZodError } from 'zod';
import { ERROR_CATALOGUE, INTERNAL_ERROR_MESSAGE, type ErrorBody, type ErrorCode } from './error-catalogue';
import { logError } from './log';

/** The one error type the worker throws on purpose. RPC, server functions and auth all render it. */
export function appError(code: ErrorCode, message: string, data?: unknown): ORPCError<ErrorCode, unknown> {
  return new ORPCError(code, { status: ERROR_CATALOGUE[code], message, data });
}

export function zodIssuesToData(error: ZodError) {
  return { issues: error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) };
}

/** Map anything thrown to a catalogue body. Unknown errors are logged with the request id and hidden. */
export function toErrorBody(err: unknown, requestId: string): ErrorBody {
  if (err instanceof ORPCError && err.code in ERROR_CATALOGUE) {
    const code = err.code as ErrorCode;
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
