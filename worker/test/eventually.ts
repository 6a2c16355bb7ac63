export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads until `ok` holds or `ms` pass; returns the last read (the test's expect then says what was wrong). */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 3_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await sleep(20);
  }
}
