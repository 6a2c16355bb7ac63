import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error';
import { createQueryClient } from './query-client';

describe('query client defaults', () => {
  const defaults = createQueryClient().getDefaultOptions();
  const retry = defaults.queries?.retry as (count: number, error: unknown) => boolean;
  const delay = defaults.queries?.retryDelay as (attempt: number) => number;

  it('has the stale time, window-focus and cache settings', () => {
    expect(defaults.queries?.staleTime).toBe(120_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.gcTime).toBe(300_000);
    expect(defaults.mutations?.retry).toBe(0);
  });

  it('retries up to 3 times, never on 4xx', () => {
    const serverError = new HttpError('boom', 503);
    expect([0, 1, 2].every((n) => retry(n, serverError))).toBe(true);
    expect(retry(3, serverError)).toBe(false);
    expect(retry(0, new HttpError('nope', 401))).toBe(false);
    expect(retry(0, new HttpError('nope', 403))).toBe(false);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('backs off exponentially from 1 s, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(delay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
