import { it } from '@fast-check/vitest';
import type { AnySchema } from '@orpc/contract';
import { beforeAll, describe, expect } from 'vitest';
import type { z } from 'zod';
import { RPC_ACCESS, SERVER_FN_ACCESS } from '../access-policy';
import { contract } from '../contract';
import { serverFnContract, type ServerFnName } from '../contract/server-fns';
import { addAccount, setAssignment } from '../domains/accounts/manage-accounts';
import { db, fetchApp, insertUser, rpcClient, signedInJar, type CookieJar } from './harness';
import { fuzzInput } from './fuzz-inputs';
import type { UserRow } from '../db/schema/users';

/**
 * Every RPC procedure and server function, fed inputs shaped by its zod schema plus
 * hostile variants, as the lowest principal (anonymous) and the highest (an approved superadmin on
 * the risk team with the terminal). No answer may be ≥ 500, and a refused call (≥ 400) must not
 * change a single row: every ordinary table carries triggers counting writes, read around each call.
 */
const RUNS = 200;
/** 200 calls take 3–20 s on a busy 2-core machine; a timed-out property would keep writing into the next one's count. */
const TIMEOUT_MS = 180_000;
let superadmin: UserRow;

async function installWriteCounter() {
  const { results } = await db.$client
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'
       AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' AND name NOT LIKE '%fts%'`,
    )
    .all<{ name: string }>();
  const statements = [db.$client.prepare('CREATE TABLE fuzz_writes (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL)')];
  statements.push(db.$client.prepare('INSERT INTO fuzz_writes (id, n) VALUES (1, 0)'));
  for (const { name } of results) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      statements.push(
        db.$client.prepare(
          `CREATE TRIGGER fuzz_${name}_${event.toLowerCase()} AFTER ${event} ON "${name}" BEGIN UPDATE fuzz_writes SET n = n + 1 WHERE id = 1; END`,
        ),
      );
    }
  }
  await db.$client.batch(statements);
  return results.length;
}

const writes = async () => (await db.$client.prepare('SELECT n FROM fuzz_writes WHERE id = 1').first<{ n: number }>())!.n;

interface Answer {
  status: number;
  code?: string;
  message?: string;
}

/**
 * Below 500, or the one declared upstream refusal: a provider whose secrets are not set here
 * (Binance) answers SERVICE_UNAVAILABLE with its reason. An unexpected error is INTERNAL_SERVER_ERROR.
 */
const healthy = ({ status, code, message }: Answer) =>
  status < 500 || (status === 503 && code === 'SERVICE_UNAVAILABLE' && /not configured/.test(message ?? ''));

async function callRpc(name: string, jar: CookieJar | undefined, input: unknown): Promise<Answer> {
  const client = rpcClient(jar) as unknown as Record<string, (input: unknown) => Promise<unknown>>;
  try {
    const result = await client[name]!(input);
    if (result && typeof result === 'object' && Symbol.asyncIterator in result)
      await (result as AsyncGenerator).return(undefined);
    return { status: 200 };
  } catch (error) {
    const { status, code, message } = error as { status?: unknown; code?: string; message?: string };
    if (typeof status === 'number') return { status, code, message };
    throw error;
  }
}

async function callServerFn(name: ServerFnName, jar: CookieJar | undefined, input: unknown): Promise<Answer> {
  const cookie = jar?.header() ?? '';
  const body = JSON.stringify(input === undefined ? { context: {} } : { data: input, context: {} });
  const res =
    serverFnContract[name].method === 'GET'
      ? await fetchApp(`/_serverFn/${name}?createServerFn&payload=${encodeURIComponent(JSON.stringify(input ?? null))}`, {
          headers: { cookie },
        })
      : await fetchApp(`/_serverFn/${name}?createServerFn`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body,
        });
  if (res.status < 500) {
    await res.body?.cancel();
    return { status: res.status };
  }
  const text = await res.text();
  const error = (() => {
    try {
      return JSON.parse(text) as { code?: string; message?: string };
    } catch {
      return { message: text };
    }
  })();
  return { status: res.status, code: error.code, message: error.message };
}

const principals = {
  anonymous: async () => undefined,
  // A fresh sign-in per procedure: signOut and friends must not spoil the next one's run.
  superadmin: () => signedInJar(superadmin),
} as const;

export type FuzzPrincipal = keyof typeof principals;

const rpcNames = Object.keys(RPC_ACCESS) as (keyof typeof RPC_ACCESS)[];
const fnNames = Object.keys(SERVER_FN_ACCESS) as ServerFnName[];

/** One describe block per principal; each runs in its own test file so the two use both cores. */
export function fuzzEveryProcedure(principal: FuzzPrincipal) {
  const jarFor = principals[principal];
  describe(`fuzz as ${principal}: no 5xx, no write by a refused call`, () => {
    beforeAll(async () => {
      expect(await installWriteCounter()).toBeGreaterThan(10);
      superadmin = await insertUser({
        role: 'superadmin',
        isRiskTeam: true,
        canUseTerminal: true,
        email: 'fuzz-root@example.com',
      });
      const account = await addAccount(db, { exchange: 'simulated', email: 'fuzz@sim.meridian' });
      await setAssignment(db, { userId: superadmin.id, accountId: account.id, assigned: true });
    });
    for (const name of rpcNames) {
      const schema = contract[name]['~orpc'].inputSchema as AnySchema | undefined;
      let jar: CookieJar | undefined;
      // The count after one call is the count before the next: one D1 read per call.
      let before: number | undefined;
      it.prop([fuzzInput(schema as z.ZodType | undefined)], { numRuns: RUNS })(
        `rpc ${name}`,
        async (input) => {
          jar ??= await jarFor();
          before ??= await writes();
          const answer = await callRpc(name, jar, input);
          expect(healthy(answer), `${name} answered ${answer.status} ${answer.code}: ${answer.message}`).toBe(true);
          const after = await writes();
          if (answer.status >= 400) expect(after, `${name} refused with ${answer.status} but wrote`).toBe(before);
          before = after;
        },
        TIMEOUT_MS,
      );
    }
    for (const name of fnNames) {
      let jar: CookieJar | undefined;
      // The count after one call is the count before the next: one D1 read per call.
      let before: number | undefined;
      it.prop([fuzzInput(serverFnContract[name].input as z.ZodType)], { numRuns: RUNS })(
        `serverFn ${name}`,
        async (input) => {
          jar ??= await jarFor();
          before ??= await writes();
          const answer = await callServerFn(name, jar, input);
          expect(healthy(answer), `${name} answered ${answer.status} ${answer.code}: ${answer.message}`).toBe(true);
          const after = await writes();
          if (answer.status >= 400) expect(after, `${name} refused with ${answer.status} but wrote`).toBe(before);
          before = after;
        },
        TIMEOUT_MS,
      );
    }
  });
}
