/**
 * The crowd's dice: a small seeded generator (mulberry32), so that a run can be taken again
 * with the same draws (`BENCH_SEED`), and a different seed gives another crowd of the same shape.
 */

/** Fixed by default: two runs of the same revision draw the same requests. */
export const BENCH_SEED = (() => {
  const raw = process.env.BENCH_SEED ?? '20261126';
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`BENCH_SEED doit être un entier (reçu « ${raw} »)`);
  return seed >>> 0;
})();

export interface Random {
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** One of the keys, each with the chance its weight gives it among all the weights. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a scenario's own stream, the same whether it runs alone or with the others. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function randomFor(stream: string, seed = BENCH_SEED): Random {
  const next = mulberry32(seed ^ hash(stream));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => {
      if (list.length === 0) throw new Error(`${stream} : rien à tirer`);
      return list[int(0, list.length - 1)]!;
    },
    weighted: (weights) => {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [key, w] of entries) {
        roll -= w;
        if (roll < 0) return key;
      }
      return entries[entries.length - 1]![0];
    },
  };
}

/** Fisher–Yates in place, with the given dice. */
export function shuffle<T>(list: T[], random: Random): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}
