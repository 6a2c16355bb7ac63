/** Small deterministic hashes and PRNGs: the simulated exchange is a pure function of its inputs. */

/** FNV-1a, 32-bit: a seed from a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a fast seeded PRNG yielding floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** murmur3's finaliser: spreads every input bit over the output. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A value in [-1, 1] for (seed, integer index); indexes may exceed 2^32, so both halves are mixed. */
export function hashUnit(seed: number, index: number): number {
  const lo = index >>> 0;
  const hi = Math.floor(index / 4294967296) >>> 0;
  const h = fmix(fmix(seed ^ lo) ^ Math.imul(hi + 0x9e3779b9, 0x27d4eb2f));
  return (h / 4294967295) * 2 - 1;
}
