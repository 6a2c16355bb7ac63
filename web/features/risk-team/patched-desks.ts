/** Results of applyDeskPatch: they already share every unchanged row with the cache (see isPatched). */
const patched = new WeakSet<object>();

export const markPatched = (data: object) => void patched.add(data);

/**
 * Whether `data` came from applyDeskPatch. Its unchanged rows are the cached objects and its changed
 * rows are new, so the query's structural sharing (a deep comparison of all 500 traders, with a
 * copy of every changed one) would only repeat that work on each tick.
 */
export const isPatched = (data: unknown) => typeof data === 'object' && data !== null && patched.has(data);
