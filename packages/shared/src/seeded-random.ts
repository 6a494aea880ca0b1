/**
 * mulberry32: a small, fast, seeded generator, so a run (a synthetic catalogue, a random test mix) can be
 * repeated exactly from its seed. Not for anything secret. Exported as `@greencart/shared/seeded-random`,
 * never from the main entry, so it stays out of the browser bundle.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  /** A number in [0, 1). */
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** An integer in [0, max). */
  const int = (max: number) => Math.floor(next() * max);
  /** An integer in [min, max], both included. */
  const between = (min: number, max: number) => min + int(max - min + 1);
  return { next, int, between, pick: <T>(list: readonly T[]) => list[int(list.length)]! };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
