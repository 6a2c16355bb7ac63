import { z } from 'zod';

export type ServerFnMethod = 'GET' | 'POST';

/**
 * One server function's contract (docs/PRODUCT-RULES.md §5 wire format): GET reads with the input in
 * `?payload=`, POST changes with `{"data": input}`; the answer is the output as JSON.
 */
export interface ServerFnDefinition<
  M extends ServerFnMethod = ServerFnMethod,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> {
  method: M;
  input: I;
  output: O;
}

/** GET functions that take no input: absent, null or {}. */
export const noInput = z.undefined().or(z.null()).or(z.object({}).strict());

/** A read: GET, with no input unless one is given. */
export function query<O extends z.ZodType, I extends z.ZodType = typeof noInput>(
  output: O,
  input?: I,
): ServerFnDefinition<'GET', I, O> {
  return { method: 'GET', input: (input ?? noInput) as I, output };
}

/** A change (or a read with a body too rich for a URL): POST with a JSON body. */
export function mutation<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): ServerFnDefinition<'POST', I, O> {
  return { method: 'POST', input, output };
}

/** What a delete answers: the id that is gone. */
export const deletedSchema = z.strictObject({ id: z.string() });
export type Deleted = z.output<typeof deletedSchema>;
