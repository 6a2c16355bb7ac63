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
}

export function newRoundCounter(delayMs = 0): RoundCounter {
  return { rounds: 0, calls: 0, delayMs };
}

export function countingD1(d1: D1Database, counter: RoundCounter): D1Database {
  let inFlight = 0;
  const track = async <T>(run: () => Promise<T>): Promise<T> => {
    if (inFlight === 0) counter.rounds++;
    counter.calls++;
    inFlight++;
    try {
      if (counter.delayMs) await new Promise((resolve) => setTimeout(resolve, counter.delayMs));
      return await run();
    } finally {
      inFlight--;
    }
  };
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => wrapStatement(target.bind(...values));
        if (key === 'all' || key === 'first' || key === 'run' || key === 'raw')
          return (...args: unknown[]) => track(() => (target[key] as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        // batch() unwraps the statements it is given: hand it the real one.
        if (key === UNWRAP) return target;
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(d1, {
    get(target, key) {
      if (key === 'prepare') return (query: string) => wrapStatement(target.prepare(query));
      if (key === 'batch')
        return (statements: D1PreparedStatement[]) =>
          track(() =>
            target.batch(statements.map((s) => ((s as unknown as Record<symbol, unknown>)[UNWRAP] as D1PreparedStatement) ?? s)),
          );
      if (key === 'exec') return (query: string) => track(() => target.exec(query));
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const UNWRAP = Symbol('unwrap');
