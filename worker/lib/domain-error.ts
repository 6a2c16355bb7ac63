import type { ZodError } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from './error-catalogue';

/**
 * The one error the worker throws on purpose, from domains, adapters and handlers alike: a code of
 * the error catalogue (docs/PRODUCT-RULES.md §4, a closed set), a message the caller may read, optional data. It knows no transport: the
 * RPC handler turns it into oRPC's error (rpc/domain-errors.ts), the Hono app into the
 * `{code, status, message, data}` body (http/error-response.ts).
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  /** The catalogue's HTTP status for the code. */
  readonly status: number;
  readonly data: unknown;

  constructor(code: ErrorCode, message: string, data?: unknown, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DomainError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code];
    this.data = data;
  }
}

export function domainError(code: ErrorCode, message: string, data?: unknown): DomainError {
  return new DomainError(code, message, data);
}

/** The data of a DomainError when it is an object (retry hints, provider details), else undefined. */
export function domainErrorData(err: unknown): Record<string, unknown> | undefined {
  return err instanceof DomainError && err.data && typeof err.data === 'object'
    ? (err.data as Record<string, unknown>)
    : undefined;
}

/** A zod failure as the catalogue's `data.issues`: field path and message per problem. */
export function zodIssuesToData(error: ZodError) {
  return { issues: error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) };
}
