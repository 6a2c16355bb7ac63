import { describe, expect, it, beforeAll } from 'vitest';
import { RPC_ACCESS, SERVER_FN_ACCESS } from './access-policy';
import type { AccessLevel } from './domains/auth/access';
import { router } from './rpc/router';
import { serverFnContract, type ServerFnName } from './contract/server-fns';
import { serverFns } from './server-fns/registry';
import { contract } from './contract';
import { USER_KINDS, insertUser, rpcClient, signedInJar, type UserKind } from './test/harness';
import {
  asyncInputs,
  callServerFn,
  jars,
  sampleInputs,
  setUpAccessFixtures,
  STALE_LEVELS,
  STALE_STATES,
  staleJars,
  type StaleLevel,
  type StaleState,
} from './test/access-fixtures';

/** Who passes each level (docs/PRODUCT-RULES.md §3). Everyone else gets 401 (anonymous) or 403. */
const ALLOWED: Record<AccessLevel, UserKind[]> = {
  public: ['anonymous', 'unapproved', 'approved', 'riskTeam', 'admin', 'terminal'],
  authed: ['unapproved', 'approved', 'riskTeam', 'admin', 'terminal'],
  approved: ['approved', 'riskTeam', 'admin', 'terminal'],
  riskTeam: ['riskTeam'],
  admin: ['admin'],
  terminal: ['terminal'],
};

beforeAll(setUpAccessFixtures);

describe('access-policy table', () => {
  it('lists every RPC procedure of the router, and nothing else', () => {
    expect(Object.keys(RPC_ACCESS).sort()).toEqual(Object.keys(router).sort());
  });

  it('lists every server function of the contract, and matches what each implementation declares', () => {
    expect(Object.keys(SERVER_FN_ACCESS).sort()).toEqual(Object.keys(serverFnContract).sort());
    expect(Object.keys(serverFns).sort()).toEqual(Object.keys(serverFnContract).sort());
    for (const [name, fn] of Object.entries(serverFns)) expect(fn.access, name).toBe(SERVER_FN_ACCESS[name as ServerFnName]);
  });
});

describe('access matrix: every procedure × every kind of user', () => {
  const kinds = Object.keys(USER_KINDS) as UserKind[];
  for (const [name, level] of Object.entries(RPC_ACCESS) as [keyof typeof RPC_ACCESS, AccessLevel][]) {
    for (const kind of kinds) {
      const allowed = ALLOWED[level].includes(kind);
      it(`rpc ${name} (${level}) as ${kind} → ${allowed ? 'allowed' : 'denied'}`, async () => {
        const client = rpcClient(jars[kind]) as unknown as Record<string, (input: unknown) => Promise<unknown>>;
        const input =
          allowed && asyncInputs[name] ? await asyncInputs[name](kind) : (sampleInputs[name]?.() ?? { id: 'someone-elses' });
        const outcome = await client[name]!(input).then(
          async (result) => {
            // Event streams answer with an iterator: close it.
            if (result && typeof result === 'object' && Symbol.asyncIterator in result)
              await (result as AsyncGenerator).return(undefined);
            return 200;
          },
          (e: { status: number }) => e.status,
        );
        if (allowed) expect(outcome).toBe(200);
        else expect(outcome).toBe(kind === 'anonymous' ? 401 : 403);
      });
    }
  }

  for (const [name, level] of Object.entries(SERVER_FN_ACCESS) as [ServerFnName, AccessLevel][]) {
    for (const kind of kinds) {
      const allowed = ALLOWED[level].includes(kind);
      it(`serverFn ${name} (${level}) as ${kind} → ${allowed ? 'allowed' : 'denied'}`, async () => {
        const jar = jars[kind];
        // Sign-out would end the shared session: give it a throwaway one.
        const cookie =
          name === 'signOut' && USER_KINDS[kind]
            ? (await signedInJar(await insertUser(USER_KINDS[kind]))).header()
            : (jar?.header() ?? '');
        const res = await callServerFn(name, cookie);
        if (!allowed) return expect(res.status).toBe(kind === 'anonymous' ? 401 : 403);
        expect(res.status).toBe(200);
        // The answer is what the contract says the web receives, field for field.
        const parsed = serverFnContract[name].output.safeParse(await res.json());
        expect(parsed.error?.issues, `${name} output`).toBeUndefined();
      });
    }
  }
});

/** The calls of a level that confirm the caller in D1: all of them above approved, the writes at approved. */
const confirmedCalls = (level: StaleLevel) => ({
  rpc: (Object.entries(RPC_ACCESS) as [keyof typeof RPC_ACCESS, AccessLevel][])
    .filter(([name, l]) => l === level && (level !== 'approved' || contract[name]['~orpc'].route.method !== 'GET'))
    .map(([name]) => name),
  fns: (Object.entries(SERVER_FN_ACCESS) as [ServerFnName, AccessLevel][])
    .filter(([name, l]) => l === level && (level !== 'approved' || serverFnContract[name].method !== 'GET'))
    .map(([name]) => name),
});

describe('a token is not enough above plain approved reads: the caller is confirmed in D1 at every call', () => {
  it('covers every level above approved, and the approved writes', () => {
    for (const level of Object.keys(STALE_LEVELS) as StaleLevel[]) {
      const { rpc, fns } = confirmedCalls(level);
      expect(rpc.length + fns.length, level).toBeGreaterThan(0);
    }
    expect(confirmedCalls('approved').rpc).toEqual(expect.arrayContaining(['createAlertRule', 'updateDashboardPrefs']));
  });

  for (const level of Object.keys(STALE_LEVELS) as StaleLevel[]) {
    const { rpc, fns } = confirmedCalls(level);
    for (const [state, { status }] of Object.entries(STALE_STATES) as [StaleState, { status: number }][]) {
      if (state === 'lostPower' && !STALE_LEVELS[level].lose) continue;
      for (const name of rpc) {
        it(`rpc ${name} (${level}) by a caller ${state} since the token → ${status}`, async () => {
          const client = rpcClient(staleJars[level][state]) as unknown as Record<string, (input: unknown) => Promise<unknown>>;
          const outcome = await client[name]!(sampleInputs[name]?.() ?? { id: 'someone-elses' }).then(
            async (result) => {
              if (result && typeof result === 'object' && Symbol.asyncIterator in result)
                await (result as AsyncGenerator).return(undefined);
              return 200;
            },
            (e: { status: number }) => e.status,
          );
          expect(outcome).toBe(status);
        });
      }
      for (const name of fns) {
        it(`serverFn ${name} (${level}) by a caller ${state} since the token → ${status}`, async () => {
          expect((await callServerFn(name, staleJars[level][state]!.header())).status).toBe(status);
        });
      }
    }
  }
});

describe('updateUser on another admin: superadmin only (docs/PRODUCT-RULES.md §2)', () => {
  const CHANGES = [{ role: 'user' }, { approved: false }, { isRiskTeam: true }, { can_use_terminal: true }, { disabled: true }];
  const ACTORS = { admin: 403, superadmin: 200 } as const;
  for (const [actorRole, status] of Object.entries(ACTORS) as [keyof typeof ACTORS, number][]) {
    for (const changes of CHANGES) {
      it(`${actorRole} changes ${JSON.stringify(changes)} of another admin → ${status}`, async () => {
        const actor = await insertUser({ role: actorRole });
        const target = await insertUser({ role: 'admin' });
        const client = rpcClient(await signedInJar(actor));
        const outcome = await client.updateUser({ id: target.id, ...changes } as never).then(
          () => 200,
          (e: { status: number }) => e.status,
        );
        expect(outcome).toBe(status);
      });
    }
  }
});
