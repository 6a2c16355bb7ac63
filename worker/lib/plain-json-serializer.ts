import { StandardRPCJsonSerializer } from '@orpc/client/standard';

/**
 * True when `value` is what JSON.stringify writes as-is: strings, booleans, finite numbers, null,
 * arrays without holes or undefined, and plain objects of those. Allocates nothing.
 */
export function isPlainJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (value[i] === undefined || !isPlainJson(value[i])) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const key in value) {
        const field = (value as Record<string, unknown>)[key];
        // oRPC drops undefined object fields without a note, exactly as JSON.stringify does.
        if (field !== undefined && !isPlainJson(field)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/**
 * oRPC's RPC serializer walks every value with a fresh path array to note special types (Date,
 * Map, BigInt, NaN…): that walk was ~40% of the Worker's CPU for a 200-item feed page. Our outputs
 * are plain JSON almost always, which they serialize to unchanged with no notes, so a check that
 * allocates nothing skips the walk; anything else takes oRPC's own path.
 */
export class PlainJsonFirstSerializer extends StandardRPCJsonSerializer {
  override serialize(...args: Parameters<StandardRPCJsonSerializer['serialize']>): ReturnType<StandardRPCJsonSerializer['serialize']> {
    const [data, segments] = args;
    if (segments === undefined && isPlainJson(data)) return [data, [], [], []];
    return super.serialize(...args);
  }
}
