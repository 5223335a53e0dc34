import type { Transfer } from "./score";

/**
 * Depth (1 for a participant not funded by another participant) and chain root of every participant
 * reachable along first-funding edges. Iterative and memoised: a farm can chain its wallets as deep
 * as it likes (50,000 overflowed the stack of a recursive walk, and walking to the root from every
 * tail was quadratic), so each participant is visited once. A ring of fundings has no start: its
 * members all get the ring's length as depth and its smallest address as root (the same whichever
 * member the walk enters by), and `cycles` lists the ring under that root.
 */
export function fundingChains(
  who: ReadonlySet<string>,
  firstFunding: ReadonlyMap<string, Transfer>,
): { depth: Map<string, number>; root: Map<string, string>; cycles: Map<string, string[]> } {
  const depth = new Map<string, number>();
  const root = new Map<string, string>();
  const cycles = new Map<string, string[]>();
  const parentOf = (a: string): string | undefined => {
    const p = firstFunding.get(a)?.from;
    return p !== undefined && who.has(p) ? p : undefined;
  };
  for (const start of firstFunding.keys()) {
    if (depth.has(start)) continue;
    const path: string[] = [];
    const onPath = new Map<string, number>();
    let x: string | undefined = start;
    while (x !== undefined && !depth.has(x) && !onPath.has(x)) {
      onPath.set(x, path.length);
      path.push(x);
      x = parentOf(x);
    }
    let d: number;
    let r: string;
    let below: number; // path[0 … below-1] still need their depth: each one deeper than the next
    if (x === undefined) {
      below = path.length - 1;
      r = path[below] as string;
      d = 1;
      depth.set(r, d);
      root.set(r, r);
    } else if (depth.has(x)) {
      below = path.length;
      d = depth.get(x) as number;
      r = root.get(x) as string;
    } else {
      below = onPath.get(x) as number;
      const ring = path.slice(below);
      d = ring.length;
      r = [...ring].sort()[0] as string;
      for (const y of ring) {
        depth.set(y, d);
        root.set(y, r);
      }
      cycles.set(r, ring);
    }
    for (let i = below - 1; i >= 0; i--) {
      d += 1;
      depth.set(path[i] as string, d);
      root.set(path[i] as string, r);
    }
  }
  return { depth, root, cycles };
}
