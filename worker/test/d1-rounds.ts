import { interceptD1 } from '../db/d1-intercept';
import { isBackground } from '../wiring/background';
import { SIMULATED_EXCHANGE } from '../wiring/distant-primary';

/**
 * Sequential D1 round trips per request: a D1 binding wrapped so every query and batch is seen.
 * A call's round is one more than the deepest round among the calls that had finished when it
 * started (it may have waited for any of them); calls started together share a round, and a chain
 * running beside others (a read started early, its follow-up later) counts on its own. `rounds` is
 * the deepest: for a distant trader each round costs one trip to the primary's region
 * (docs/PERFORMANCE.md, "Traders around the world").
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
  /** Calls in flight now, on any of the counted bindings. */
  inFlight: number;
  /** The deepest round among the calls finished so far: the next call to start is one deeper. */
  finishedDepth: number;
  /**
   * The deepest round finished when the answer was ready (set by the caller that sees the
   * response): a call still in flight then is background work the caller does not wait for
   * (waitUntil: a fill's push, a hub publish).
   */
  atAnswer?: number;
  /** Each call's round and kind, when asked for (`newRoundCounter(0, true)`): to see where rounds go. */
  log?: string[];
}

export function newRoundCounter(delayMs = 0, log = false): RoundCounter {
  return { rounds: 0, calls: 0, venueCalls: 0, delayMs, inFlight: 0, finishedDepth: 0, ...(log ? { log: [] } : {}) };
}

export function countingD1<D extends D1Database | D1DatabaseSession>(d1: D, counter: RoundCounter): D {
  return interceptD1(d1, async (call, run) => {
    if (SIMULATED_EXCHANGE.test(call.sql)) {
      counter.venueCalls++;
      counter.log?.push(`  exchange: ${call.sql.slice(0, 100)}`);
      return run();
    }
    if (isBackground()) {
      counter.log?.push(`  background: ${call.sql.slice(0, 100)}`);
      return run();
    }
    const depth = counter.finishedDepth + 1;
    counter.rounds = Math.max(counter.rounds, depth);
    counter.calls++;
    counter.log?.push(`round ${depth}: ${call.sql.slice(0, 160)}`);
    counter.inFlight++;
    try {
      if (counter.delayMs) await new Promise((resolve) => setTimeout(resolve, counter.delayMs));
      return await run();
    } finally {
      counter.inFlight--;
      counter.finishedDepth = Math.max(counter.finishedDepth, depth);
    }
  });
}
