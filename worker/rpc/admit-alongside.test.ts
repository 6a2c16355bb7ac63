import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/sessions';
import { todoItems } from '../db/schema/todo';
import { users, type UserRow } from '../db/schema/users';
import { claimsFromUser } from '../domains/auth/claims';
import type { Session } from '../domains/auth/access';
import { startSession } from '../domains/auth/sessions';
import { freshCheck } from '../wiring/second-factor';
import { db, insertUser, testEnv } from '../test/harness';
import { interceptD1 } from '../db/d1-intercept';
import { admitAlongside, holdEffects, type AdmittedRun } from './admit-alongside';

/**
 * The fresh check riding beside a procedure's first reads (admit-alongside.ts): whatever the
 * procedure does meanwhile, a refused caller gets the check's error, nothing it wrote or called
 * happens, and a token whose claims D1 no longer holds runs again on D1's claims.
 */
async function tokenFor(user: UserRow): Promise<Session> {
  const { sessionId } = await startSession(db, user.id, 1, { secondFactor: true });
  return { ...claimsFromUser(user, sessionId), jti: crypto.randomUUID(), expiresAt: Date.now() + 600_000 };
}

const todo = (title: string, createdBy: string) => ({
  id: crypto.randomUUID(),
  title,
  createdBy,
  createdAt: Date.now(),
  updatedAt: Date.now(),
});
const titled = async (title: string) => db.select().from(todoItems).where(eq(todoItems.title, title));

/** A procedure that reads, then writes a todo item and calls a Durable Object. */
function procedure(title: string, calls: string[]) {
  return async (run: AdmittedRun) => {
    calls.push(`run as ${run.session.role}`);
    await run.db.select().from(users).where(eq(users.id, run.session.sub));
    await run.db.insert(todoItems).values(todo(title, run.session.sub));
    await (run.env as unknown as { FAKE_HUB: DurableObjectNamespace }).FAKE_HUB.getByName('x').fetch('http://x/');
    return 'done';
  };
}

/** A Durable Object namespace whose calls are written down. */
function fakeEnv(calls: string[]) {
  const stub = { fetch: async () => (calls.push('object called'), new Response('ok')), id: 'x' };
  const FAKE_HUB = { idFromName: () => 'x', get: () => stub, getByName: () => stub };
  return { ...testEnv, FAKE_HUB } as unknown as typeof testEnv;
}

const admit = (token: Session, title: string, calls: string[], level: 'approved' | 'admin' = 'approved') =>
  admitAlongside(fakeEnv(calls), level, token, freshCheck(testEnv), { holdObjects: true }, procedure(title, calls));

describe('the fresh check beside the first reads', () => {
  it('a confirmed caller: the procedure runs once, writes and calls', async () => {
    const user = await insertUser();
    const calls: string[] = [];
    const { out, admitted } = await admit(await tokenFor(user), 'alongside-ok', calls);
    expect(out).toBe('done');
    expect(admitted.actor?.id).toBe(user.id);
    expect(calls).toEqual(['run as user', 'object called']);
    expect(await titled('alongside-ok')).toHaveLength(1);
  });

  it('a disabled user: 401, nothing written, no object called', async () => {
    const user = await insertUser();
    const token = await tokenFor(user);
    await db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const calls: string[] = [];
    await expect(admit(token, 'alongside-disabled', calls)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(calls).toEqual(['run as user']);
    expect(await titled('alongside-disabled')).toHaveLength(0);
  });

  it('an ended session: 401, nothing written, even when the procedure fails on its own meanwhile', async () => {
    const user = await insertUser();
    const token = await tokenFor(user);
    await db.update(sessions).set({ revokedAt: Date.now() }).where(eq(sessions.id, token.sid));
    const failing = async () => {
      throw new Error('not found: would tell a signed-out caller what exists');
    };
    await expect(
      admitAlongside(testEnv, 'approved', token, freshCheck(testEnv), { holdObjects: true }, failing),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const calls: string[] = [];
    await expect(admit(token, 'alongside-ended', calls)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await titled('alongside-ended')).toHaveLength(0);
  });

  it('a power removed in D1: the level refuses (403) and nothing is written', async () => {
    const admin = await insertUser({ role: 'admin' });
    const token = await tokenFor(admin);
    await db.update(users).set({ role: 'user' }).where(eq(users.id, admin.id));
    const calls: string[] = [];
    await expect(admit(token, 'alongside-demoted', calls, 'admin')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await titled('alongside-demoted')).toHaveLength(0);
    expect(calls).not.toContain('object called');
  });

  it('a stale token the level still admits: the first run is held, the second runs on D1’s claims', async () => {
    const user = await insertUser({ isRiskTeam: true });
    const token = await tokenFor(user);
    await db.update(users).set({ isRiskTeam: false }).where(eq(users.id, user.id));
    const seen: boolean[] = [];
    const run = async (r: AdmittedRun) => {
      seen.push(r.session.isRiskTeam);
      await r.db.insert(todoItems).values(todo('alongside-stale', r.session.sub));
      return r.session.isRiskTeam;
    };
    const { out } = await admitAlongside(testEnv, 'approved', token, freshCheck(testEnv), { holdObjects: true }, run);
    expect(out).toBe(false);
    expect(seen).toEqual([true, false]);
    expect(await titled('alongside-stale')).toHaveLength(1);
  });

  it('the caller’s row used before the check read it: runs again after the check, writing once', async () => {
    const user = await insertUser();
    const token = await tokenFor(user);
    let runs = 0;
    const run = async (r: AdmittedRun) => {
      runs++;
      await r.db.insert(todoItems).values(todo(`alongside-actor-${r.actor!.id}`, r.session.sub));
      return r.actor!.email;
    };
    const { out } = await admitAlongside(testEnv, 'approved', token, freshCheck(testEnv), { holdObjects: true }, run);
    expect(out).toBe(user.email);
    expect(runs).toBe(2);
    expect(await titled(`alongside-actor-${user.id}`)).toHaveLength(1);
  });

  it('an effect held by holdEffects (an exchange venue’s cancel) waits for the check: never made for a disabled user', async () => {
    const calls: string[] = [];
    const venue = {
      queryOrder: async () => (calls.push('read'), null),
      cancelOrder: async () => (calls.push('canceled at the exchange'), null),
    };
    const cancel = async (run: AdmittedRun) => {
      const held = holdEffects(venue, ['cancelOrder'], run.checkPassed);
      await held.queryOrder();
      await held.cancelOrder();
      return 'done';
    };
    const user = await insertUser();
    const refused = await tokenFor(user);
    await db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    await expect(
      admitAlongside(testEnv, 'approved', refused, freshCheck(testEnv), { holdObjects: true }, cancel),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(calls).toEqual(['read']);
    const confirmed = await tokenFor(await insertUser());
    calls.length = 0;
    const { out } = await admitAlongside(testEnv, 'approved', confirmed, freshCheck(testEnv), { holdObjects: true }, cancel);
    expect(out).toBe('done');
    expect(calls).toEqual(['read', 'canceled at the exchange']);
  });
});

/** testEnv whose DB counts its calls (each call to D1, a batch being one). */
function countingEnv() {
  const count = { calls: 0 };
  const DB = interceptD1(testEnv.DB, (_call, go) => {
    count.calls++;
    return go();
  });
  return { env: { ...testEnv, DB } as typeof testEnv, count };
}

describe("the check riding in the procedure's first batch of reads (check-rider.ts)", () => {
  const readBoth = (run: AdmittedRun) =>
    run.db.batch([run.db.select().from(users).where(eq(users.id, run.session.sub)), run.db.select().from(todoItems).limit(1)]);

  it("one D1 call for the check and the reads; the answers are the run's", async () => {
    const user = await insertUser();
    const { env, count } = countingEnv();
    const { out, admitted } = await admitAlongside(
      env,
      'approved',
      await tokenFor(user),
      freshCheck(testEnv),
      { holdObjects: true },
      readBoth,
    );
    expect(count.calls).toBe(1);
    expect(admitted.actor?.id).toBe(user.id);
    expect(out[0].map((u) => u.id)).toEqual([user.id]);
  });

  it('a disabled caller whose check rode: 401 all the same, and the write after the reads never happens', async () => {
    const user = await insertUser();
    const token = await tokenFor(user);
    await db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const { env, count } = countingEnv();
    const run = async (r: AdmittedRun) => {
      await readBoth(r);
      await r.db.insert(todoItems).values(todo('rode-disabled', r.session.sub));
    };
    await expect(admitAlongside(env, 'approved', token, freshCheck(testEnv), { holdObjects: true }, run)).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(count.calls).toBe(1);
    expect(await titled('rode-disabled')).toHaveLength(0);
  });

  it('a first batch that writes waits for the check, which goes alone', async () => {
    const user = await insertUser();
    const { env, count } = countingEnv();
    const run = (r: AdmittedRun) => r.db.batch([r.db.insert(todoItems).values(todo('rode-write', r.session.sub))]);
    await admitAlongside(env, 'approved', await tokenFor(user), freshCheck(testEnv), { holdObjects: true }, run);
    expect(count.calls).toBe(2);
    expect(await titled('rode-write')).toHaveLength(1);
  });

  it('a run that reads nothing at once is not kept waiting: the check goes on the next macrotask', async () => {
    const user = await insertUser();
    const { env, count } = countingEnv();
    const order: string[] = [];
    const run = async (r: AdmittedRun) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push(`calls before the reads: ${count.calls}`);
      return readBoth(r);
    };
    await admitAlongside(env, 'approved', await tokenFor(user), freshCheck(testEnv), { holdObjects: true }, run);
    expect(order).toEqual(['calls before the reads: 1']);
    expect(count.calls).toBe(2);
  });
});
