import { createDb, type Db } from '../db/client';
import { primaryDb } from '../wiring/d1-session';
import { interceptD1 } from '../db/d1-intercept';
import type { UserRow } from '../db/schema/users';
import { sameClaims } from '../domains/auth/claims';
import type { AccessLevel, Session } from '../domains/auth/access';
import { callerVerdict, type FreshCheck } from '../domains/auth/fresh-caller';
import { RAW_ENV, type Bindings } from '../env';
import { checkRider, type CheckRider } from './check-rider';

/** What a procedure runs with once admitted (admit-caller.ts). */
export interface Admitted {
  session: Session;
  actor: UserRow | undefined;
  secondFactorAt: number | null | undefined;
}

/** The part of the call's context a run gets: the caller as admitted, and the bindings it may use. */
export type AdmittedRun = Admitted & {
  db: Db;
  env: Bindings;
  /**
   * Resolves once the caller's fresh check has passed with the claims the run has (at once when the
   * check ran first); rejects when the run is refused or abandoned. An effect the bindings cannot
   * hold (a request to an exchange) waits for it: see holdEffects.
   */
  checkPassed: () => Promise<void>;
};

/** For a run admitted before it started (the check ran first): nothing to wait for. */
export const alreadyChecked = (): Promise<void> => Promise.resolve();

/**
 * `target` with the calls of `methods` waiting for `checkPassed` first (procedures.ts: an exchange
 * venue's orders and cancels, so a write checked alongside never reaches an exchange before the
 * check has passed). Other calls (reads, such as a price) go at once.
 */
export function holdEffects<T extends object>(target: T, methods: readonly (keyof T)[], checkPassed: () => Promise<void>): T {
  return new Proxy(target, {
    get(obj, key) {
      const value = Reflect.get(obj, key, obj) as unknown;
      if (typeof value !== 'function') return value;
      if (!methods.includes(key as keyof T)) return (value as (...a: unknown[]) => unknown).bind(obj);
      return async (...args: unknown[]) => {
        await checkPassed();
        return (value as (...a: unknown[]) => unknown).apply(obj, args);
      };
    },
  });
}

/** Thrown to a run that used the caller's D1 row (`actor`) before the check had read it. */
class NotYetConfirmed extends Error {}
/** Thrown to a run's writes when the check found the token's claims stale or the run was abandoned. */
class Held extends Error {}

/**
 * The caller's fresh check (fresh-caller.ts) in the same D1 round as the procedure's first reads,
 * instead of a round of its own before them. The check starts first; the procedure runs at once on
 * the token's claims with bindings whose effects wait for the check:
 * - every D1 statement that is not a plain `select` (on DB and NEWS_DB) and, with `holdObjects`,
 *   every Durable Object call, waits until the check has passed with the claims the token carried;
 * - nothing the procedure answers leaves before the check has passed: a refused caller gets the
 *   check's error whatever the procedure did (its reads are dropped, it wrote nothing);
 * - when D1's claims differ from the token's (a power removed, powers locked for a missing second
 *   factor) or the procedure needed the caller's row (`actor`) before the check read it, its first
 *   run is abandoned (its writes refused) and it runs again, after the check, on D1's claims.
 * For a distant trader the check and the first reads are then one trip: the two requests to D1 are
 * in flight together.
 */
export async function admitAlongside<T>(
  env: Bindings,
  level: AccessLevel,
  token: Session,
  check: FreshCheck,
  options: { holdObjects: boolean },
  run: (admitted: AdmittedRun) => Promise<T>,
): Promise<{ out: T; admitted: Admitted }> {
  const db = createDb(env.DB);
  // The check's read rides in the run's first batch of reads when it can (check-rider.ts).
  const rider = checkRider(primaryDb(env), token);
  const verdict = rider.row.then((row) => callerVerdict(row, token, level, check));
  let confirmed: UserRow | undefined;
  let abandoned = false;
  void verdict.then((c) => (confirmed = c.user), noop);
  const passed = verdict.then((c) => {
    if (!sameClaims(c.session, token)) throw new Held('the token is stale');
  });
  passed.catch(noop);
  const gate = async () => {
    rider.sendAlone();
    await passed;
    if (abandoned) throw new Held('abandoned');
  };
  const actor = pendingRow(() => {
    if (confirmed) return confirmed;
    abandoned = true;
    throw new NotYetConfirmed('the caller is not confirmed yet');
  });
  const held = heldEnv(env, gate, options.holdObjects, rider);
  const first = run({ session: token, actor, secondFactorAt: undefined, db: createDb(held.DB), env: held, checkPassed: gate });
  void first.finally(rider.sendAlone).catch(noop);
  const [checked, outcome] = await Promise.allSettled([verdict, first]);
  if (checked.status === 'rejected') throw checked.reason;
  const caller = checked.value;
  const admitted: Admitted = { session: caller.session, actor: caller.user, secondFactorAt: caller.secondFactor.confirmedAt };
  const again =
    !sameClaims(caller.session, token) || (outcome.status === 'rejected' && outcome.reason instanceof NotYetConfirmed);
  if (again) {
    abandoned = true;
    return { out: await run({ ...admitted, db, env, checkPassed: alreadyChecked }), admitted };
  }
  if (outcome.status === 'rejected') throw outcome.reason;
  return { out: outcome.value, admitted };
}

function noop() {}

/** The caller's D1 row, readable once the check has read it. */
function pendingRow(read: () => UserRow): UserRow {
  return new Proxy({} as UserRow, {
    get: (_, key) => Reflect.get(read(), key),
    has: (_, key) => Reflect.has(read(), key),
    ownKeys: () => Reflect.ownKeys(read()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(read(), key),
  });
}

/**
 * The bindings with their effects held until `gate` passes (reads of D1 go at once); DB's first
 * batch of reads takes the caller's check along (check-rider.ts).
 */
function heldEnv(env: Bindings, gate: () => Promise<void>, holdObjects: boolean, rider: CheckRider): Bindings {
  const wrapped = new Map<PropertyKey, unknown>();
  const hold = (key: PropertyKey, value: unknown): unknown => {
    if (key === 'NEWS_DB')
      return interceptD1(value as D1Database, async (call, go) => {
        if (!call.reads) await gate();
        return go();
      });
    if (key === 'DB') {
      const held = interceptD1(value as D1Database, async (call, go) => {
        rider.sendAlone();
        if (!call.reads) await gate();
        return go();
      });
      return withBatchRiding(held, rider);
    }
    if (holdObjects && isNamespace(value)) return heldNamespace(value, gate);
    return value;
  };
  return new Proxy(env, {
    get(target, key) {
      if (key === RAW_ENV) return target;
      if (!wrapped.has(key)) wrapped.set(key, hold(key, Reflect.get(target, key)));
      return wrapped.get(key);
    },
  });
}

/** `d1` whose batch() lets the check ride along when it can. */
function withBatchRiding(d1: D1Database, rider: CheckRider): D1Database {
  return new Proxy(d1, {
    get(target, key) {
      if (key === 'batch')
        return <T>(statements: D1PreparedStatement[]) =>
          (rider.ride(statements) as Promise<D1Result<T>[]> | null) ?? target.batch<T>(statements);
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const isNamespace = (value: unknown): value is DurableObjectNamespace =>
  typeof value === 'object' && value !== null && typeof (value as DurableObjectNamespace).idFromName === 'function';

function heldNamespace(namespace: DurableObjectNamespace, gate: () => Promise<void>): DurableObjectNamespace {
  return new Proxy(namespace, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      if (key === 'get' || key === 'getByName')
        return (...args: unknown[]) => heldStub((value as (...a: unknown[]) => DurableObjectStub).apply(target, args), gate);
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** A stub whose calls (RPC methods, fetch) wait for the gate; its id and name read at once. */
function heldStub(stub: DurableObjectStub, gate: () => Promise<void>): DurableObjectStub {
  return new Proxy(stub, {
    get(target, key) {
      if (typeof key === 'symbol' || key === 'id' || key === 'name' || key === 'then') return Reflect.get(target, key);
      return async (...args: unknown[]) => {
        await gate();
        return (target as unknown as Record<string, (...a: unknown[]) => unknown>)[key]!(...args);
      };
    },
  });
}
