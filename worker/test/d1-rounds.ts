import { interceptD1 } from '../db/d1-intercept';
import { SIMULATED_EXCHANGE } from '../wiring/distant-primary';

/**
 * Sequential D1 round trips per request: a D1 binding wrapped so every query and batch is seen.
 * A call that starts while another is in flight rides the same round; a call that starts with
 * nothing in flight begins a new one. For a distant trader each round costs one trip to the
 * primary's region (docs/PERFORMANCE.md, "Traders around the world").
 */
export interface RoundCounter {
  rounds: number;
  calls: number;
  /** An artificial delay per call (ms), to feel what a distant primary costs. */
  delayMs: number;
  /**
   * Calls to the simulated exchange's own tables (sim_*): with a real exchange they are its HTTP
   * calls, not Meridian's D1 rounds, so they are counted here and not in `rounds`.
   */
  venueCalls: number;
  /** Calls in flight now, on any of the counted bindings: calls to two databases at once share a round. */
  inFlight: number;
  /** Each call's round and kind, when asked for (`newRoundCounter(0, true)`): to see where rounds go. */
  log?: string[];
}

export function newRoundCounter(delayMs = 0, log = false): RoundCounter {
  return { rounds: 0, calls: 0, venueCalls: 0, delayMs, inFlight: 0, ...(log ? { log: [] } : {}) };
}

export function countingD1<D extends D1Database | D1DatabaseSession>(d1: D, counter: RoundCounter): D {
  return interceptD1(d1, async (call, run) => {
    if (SIMULATED_EXCHANGE.test(call.sql)) {
      counter.venueCalls++;
      counter.log?.push(`  exchange: ${call.sql.slice(0, 100)}`);
      return run();
    }
    if (counter.inFlight === 0) counter.rounds++;
    counter.calls++;
    counter.log?.push(`round ${counter.rounds}: ${call.sql.slice(0, 160)}`);
    counter.inFlight++;
    try {
      if (counter.delayMs) await new Promise((resolve) => setTimeout(resolve, counter.delayMs));
      return await run();
    } finally {
      counter.inFlight--;
    }
  });
}
