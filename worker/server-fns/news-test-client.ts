import { serverFnContract, type ServerFnName } from '../contract/server-fns';
import { beforeAll } from 'vitest';
import { fetchApp, insertUser, signedInJar, type CookieJar } from '../test/harness';

export interface FnResult<T = unknown> {
  status: number;
  body: T;
}

// Tests read arbitrary JSON bodies; loose typing keeps assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

/**
 * Calls a server function over the wire format (tests only): GET ?payload=, POST {data, context};
 * the contract's method unless `method` says otherwise. Every 200 answer is parsed with the
 * contract's output schema, so a server that drifts from what the web is typed with fails the test.
 */
export async function callFn<T = Loose>(
  name: string,
  jar: CookieJar | undefined,
  data?: unknown,
  method?: 'GET' | 'POST',
): Promise<FnResult<T>> {
  const contract = Object.hasOwn(serverFnContract, name) ? serverFnContract[name as ServerFnName] : undefined;
  const verb = method ?? contract?.method ?? 'POST';
  const cookie = jar?.header() ?? '';
  const res =
    verb === 'GET'
      ? await fetchApp(
          `/_serverFn/${name}?createServerFn${data === undefined ? '' : `&payload=${encodeURIComponent(JSON.stringify(data))}`}`,
          { headers: { cookie } },
        )
      : await fetchApp(`/_serverFn/${name}?createServerFn`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ data, context: {} }),
        });
  const body: unknown = await res.json();
  if (res.status === 200 && contract) contract.output.parse(body);
  return { status: res.status, body: body as T };
}

/** The field paths of a 400's issues, joined with dots. */
export function issuePaths(body: { data?: { issues?: { path: string[] }[] } }): string[] {
  return (body.data?.issues ?? []).map((issue) => issue.path.join('.'));
}

/** An admin and an approved trader, signed in before the file's tests (`label` keeps each file's emails apart). */
export function adminAndTrader(label: string): { admin: CookieJar; trader: CookieJar } {
  const jars = {} as { admin: CookieJar; trader: CookieJar };
  beforeAll(async () => {
    jars.admin = await signedInJar(await insertUser({ role: 'admin', email: `admin@${label}.test` }));
    jars.trader = await signedInJar(await insertUser({ email: `trader@${label}.test` }));
  });
  return jars;
}
