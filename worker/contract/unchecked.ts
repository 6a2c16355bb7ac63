import type { Schema } from '@orpc/contract';
import type { z } from 'zod';

/**
 * An output typed by its zod schema but not re-validated at runtime (large results or fanned-out
 * events our own code produced: validating them cost as much as producing them), like oRPC's
 * `type<T>()`. The schema rides along so the API reference (worker/api-docs/openapi-document.ts) still
 * documents the shape.
 */
export function unchecked<T>(schema: z.ZodType<T>): Schema<T, T> & { documentedBy: z.ZodType } {
  return {
    '~standard': { vendor: 'meridian-unchecked', version: 1, validate: (value) => ({ value: value as T }) },
    documentedBy: schema,
  };
}

export function documentedSchema(schema: unknown): z.ZodType | undefined {
  return typeof schema === 'object' && schema !== null && 'documentedBy' in schema ? (schema.documentedBy as z.ZodType) : undefined;
}
