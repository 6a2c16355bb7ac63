/** The access matrix's registries, filled by the fixtures (access-fixtures.ts and its per-domain parts). */
import type { CookieJar, UserKind } from './harness';

/** Valid inputs where a procedure needs one, so an allowed call can succeed. */
export const sampleInputs: Record<string, () => unknown> = {};
/** Inputs that need data owned by the caller (only built for callers the level allows). */
export const asyncInputs: Record<string, (kind: UserKind) => Promise<unknown>> = {};

export const jars = {} as Record<UserKind, CookieJar | undefined>;
