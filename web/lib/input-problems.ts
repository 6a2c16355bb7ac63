import type { ServerFnInput, ServerFnName } from '@contract/server-fns';
import type { RpcInputs } from '@contract/types';
import type { ZodType } from 'zod';

/**
 * A form's input checked against the contract's own schema (worker/contract) before it is sent:
 * one set of rules and messages for the form and the server. The schemas, and zod with them, load
 * on the first check, so no page's first load carries them (/login least of all). Problems are keyed
 * by field: the last named segment of each issue's path (`config.url` → `url`, `updates.name` →
 * `name`, `symbols.2` → `symbols`); the first problem of a field wins.
 */
export async function inputProblems<N extends ServerFnName>(name: N, input: ServerFnInput<N>): Promise<Record<string, string>> {
  const { serverFnContract } = await import('@contract/server-fns');
  return problems(serverFnContract[name].input, input);
}

/** The same for an RPC procedure's input (worker/contract/index.ts). */
export async function rpcInputProblems<N extends keyof RpcInputs>(name: N, input: RpcInputs[N]): Promise<Record<string, string>> {
  const { contract } = await import('@contract/index');
  const schema = contract[name]['~orpc'].inputSchema as ZodType | undefined;
  return schema ? problems(schema, input) : {};
}

function problems(schema: ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  const found: Record<string, string> = {};
  if (result.success) return found;
  for (const issue of result.error.issues) {
    const field = issue.path.findLast((segment): segment is string => typeof segment === 'string') ?? 'general';
    found[field] ??= issue.message;
  }
  return found;
}
