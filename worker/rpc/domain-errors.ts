import { ORPCError } from '@orpc/server';
import { DomainError } from '../lib/domain-error';

/** A DomainError as oRPC's error with the catalogue status (the wire body `{code, status, message, data}`). */
export function toORPCError(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  return new ORPCError(error.code, { status: error.status, message: error.message, data: error.data, cause: error });
}

/**
 * The RPC edge of the domain errors: a procedure client interceptor, so what the guards, handlers
 * and the domains below them throw reaches oRPC (and its logging) as an ORPCError.
 */
export async function mapDomainErrors<T>({ next }: { next: () => Promise<T> }): Promise<T> {
  try {
    return await next();
  } catch (error) {
    throw toORPCError(error);
  }
}
