import { interceptD1 } from '../db/d1-intercept';
import type { Bindings } from '../env';

/**
 * For bench/distant-primary.mjs only: with the var BENCH_D1_DELAY_MS set (never in wrangler.jsonc)
 * a request carrying `x-bench-d1-delay: 1` waits that long on every D1 call, as a trader far from
 * the primary would (calls in flight together wait together; the simulated exchange's tables do
 * not wait). The same server answers requests
 * without the header at local speed, so both are measured in one run.
 */
export function distantPrimary<D extends D1Database | D1DatabaseSession>(env: Bindings, request: Request, d1: D): D {
  const delay = Number((env as unknown as Record<string, string | undefined>).BENCH_D1_DELAY_MS ?? 0);
  if (!(delay > 0) || request.headers.get('x-bench-d1-delay') !== '1') return d1;
  return interceptD1(d1, async (call, run) => {
    // The simulated exchange's own tables stand in for an exchange's servers, not for D1's primary.
    if (SIMULATED_EXCHANGE.test(call.sql)) return run();
    await new Promise((resolve) => setTimeout(resolve, delay));
    return run();
  });
}

/** The simulated exchange's tables (exchanges/simulated/): its state, standing in for the venue's servers. */
export const SIMULATED_EXCHANGE = /\bsim_[a-z_]+\b/i;
