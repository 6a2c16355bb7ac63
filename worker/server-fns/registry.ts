import * as auth from './auth';
import type { ServerFn } from './define';

/** Every server function by name (SPEC.md §7). Domains add their file's exports here. */
export const serverFns: Record<string, ServerFn> = {
  ...auth,
};
