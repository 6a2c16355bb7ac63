import type { ServerFnInput, ServerFnName } from '@contract/server-fns';
import type { RpcInputs } from '@contract/types';
import { get, set, type FieldErrors, type FieldPath, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import { errorMessage, inputIssues } from './http-error';

/**
 * Forms fed by the contract (react-hook-form): resolvers that check a form against the contract's own schema
 * (worker/contract): one set of rules and messages for the form and the server. The form's values
 * become the call's input through `toInput`; the schema checks that input, and a valid form submits
 * it (handleSubmit receives the input, typed by the contract). The schemas, and zod with them, load
 * on the first check, so no page's first load carries them (/login least of all).
 */

/** Checks the form makes beyond the contract (what only this page knows), by field; they win over the contract's. */
export type FormCheck<V> = (values: V) => Record<string, string | null | undefined>;

/** A server function's input, checked with its contract (worker/contract/server-fns). */
export function serverFnResolver<V extends FieldValues, N extends ServerFnName>(
  name: N,
  toInput: (values: V) => ServerFnInput<N>,
  check?: FormCheck<V>,
): Resolver<V, unknown, ServerFnInput<N>> {
  return contractResolver(async () => (await import('@contract/server-fns')).serverFnContract[name].input, toInput, check);
}

/** An RPC procedure's input, checked with its contract (worker/contract/index.ts). */
export function rpcResolver<V extends FieldValues, N extends keyof RpcInputs>(
  name: N,
  toInput: (values: V) => RpcInputs[N],
  check?: FormCheck<V>,
): Resolver<V, unknown, RpcInputs[N]> {
  return contractResolver(
    async () => (await import('@contract/index')).contract[name]['~orpc'].inputSchema as ZodType | undefined,
    toInput,
    check,
  );
}

function contractResolver<V extends FieldValues, I>(
  load: () => Promise<ZodType | undefined>,
  toInput: (values: V) => I,
  check: FormCheck<V> | undefined,
): Resolver<V, unknown, I> {
  return async (values) => {
    const input = toInput(values);
    const errors: FieldErrors<V> = {};
    const add = (field: string, type: string, message: string) => {
      if (!get(errors, field)) set(errors, field, { type, message });
    };
    for (const [field, message] of Object.entries(check?.(values) ?? {})) if (message) add(field, 'form', message);
    const result = (await load())?.safeParse(input);
    for (const issue of result?.error?.issues ?? []) add(fieldOf(issue.path, values), issue.code, issue.message);
    return Object.keys(errors).length ? { values: {}, errors } : { values: input, errors: {} };
  };
}

/** What a resolver finds in some values, by field path (`conditions.text`, `root.actions`): for tests and previews. */
export async function resolverProblems<V extends FieldValues, I>(resolver: Resolver<V, unknown, I>, values: V) {
  const { errors } = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const found: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    if ('message' in node && typeof node.message === 'string') found[path] = node.message;
    for (const [key, child] of Object.entries(node)) if (key !== 'ref' && key !== 'message' && key !== 'type') walk(child, path ? `${path}.${key}` : key);
  };
  walk(errors, '');
  return found;
}

/**
 * A failed submit's errors in the form: the server's field problems (a 400's `data.issues`) under
 * their fields, and a general line: "correct the fields" when there are some, else the server's
 * message (or `fallback`).
 */
export function showServerErrors<V extends FieldValues, I>(form: UseFormReturn<V, unknown, I>, error: unknown, fallback: string) {
  const values = form.getValues();
  let fields = 0;
  for (const issue of inputIssues(error)) {
    const field = fieldOf(issue.path, values);
    if (field === 'root') continue;
    fields++;
    if (!form.getFieldState(field as FieldPath<V>).error) form.setError(field as FieldPath<V>, { type: 'server', message: issue.message });
  }
  form.setError('root.server', {
    type: 'server',
    message: fields ? 'Please correct the highlighted fields.' : errorMessage(error, fallback),
  });
}

/**
 * The form field an issue's path names: an update's `updates.` is dropped, a list's index is the
 * list (`symbols.2` → `symbols`); a path the form does not hold names its last field when the form
 * has it (`config.url` → `url`), else the form as a whole (`root`).
 */
export function fieldOf(path: readonly PropertyKey[], values: object): string {
  let named = path.slice(0, firstIndex(path)).map(String);
  if (named[0] === 'updates' && !('updates' in values)) named = named.slice(1);
  if (!named.length) return 'root';
  if (named.length === 1) return named[0]! in values ? named[0]! : 'root';
  const parent: unknown = get(values, named.slice(0, -1).join('.'));
  if (parent && typeof parent === 'object') return named.join('.');
  const last = named.at(-1)!;
  return last in values ? last : 'root';
}

function firstIndex(path: readonly PropertyKey[]) {
  const index = path.findIndex((segment) => typeof segment !== 'string');
  return index === -1 ? path.length : index;
}
