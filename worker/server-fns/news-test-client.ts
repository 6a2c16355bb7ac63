import { fetchApp, type CookieJar } from '../test/harness';

export interface FnResult<T = unknown> {
  status: number;
  body: T;
}

// Tests read arbitrary JSON bodies; loose typing keeps assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

/** Calls a server function over the wire format (tests only): GET ?payload=, POST {data, context}. */
export async function callFn<T = Loose>(
  name: string,
  jar: CookieJar | undefined,
  data?: unknown,
  method?: 'GET' | 'POST',
): Promise<FnResult<T>> {
  const verb = method ?? (name.startsWith('get') ? 'GET' : 'POST');
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
  return { status: res.status, body: (await res.json()) as T };
}

/** The field paths of a 400's issues, joined with dots. */
export function issuePaths(body: { data?: { issues?: { path: string[] }[] } }): string[] {
  return (body.data?.issues ?? []).map((issue) => issue.path.join('.'));
}
