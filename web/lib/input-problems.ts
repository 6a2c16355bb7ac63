import type { ServerFnInput, ServerFnName } from '@contract/server-fns';
import type { ZodType } from 'zod';

/**
 * A form's input checked against the server function's own schema (worker/contract/server-fns),
 * before it is sent: one set of rules and messages for the form and the server. The schemas, and
 * zod with them, load on the first check, so no page's first load carries them (/login least of all).
 * Problems are keyed by field: the last named segment of each issue's path (`config.url` → `url`,
 * `updates.name` → `name`, `symbols.2` → `symbols`); the first problem of a field wins.
 */
export async function inputProblems<N extends ServerFnName>(name: N, input: ServerFnInput<N>): Promise<Record<string, string>> {
  const { serverFnContract } = await import('@contract/server-fns');
  const schema: ZodType = serverFnContract[name].input;
  const result = schema.safeParse(input);
  const problems: Record<string, string> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = issue.path.findLast((segment): segment is string => typeof segment === 'string') ?? 'general';
    problems[field] ??= issue.message;
  }
  return problems;
}
