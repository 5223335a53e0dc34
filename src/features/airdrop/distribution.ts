/**
 * Figures of a distribution from its amounts sorted ascending: the pure statistics the simulator
 * (stats.ts) and its oracle (allocation-oracle.ts) both show. The oracle checks how the amounts are
 * allocated and ordered; these formulas are checked on their own in distribution.test.ts.
 * Amounts are decimal strings of base units; shares and Gini are fractions 0…1 (floating point:
 * they are for reading, not for paying).
 */
export type DistributionFigures = {
  min: string;
  median: string;
  max: string;
  top1Share: number;
  top10Share: number;
  gini: number;
};

const ratio = (part: bigint, whole: bigint) =>
  whole === 0n ? 0 : Number((part * 1_000_000n) / whole) / 1_000_000;

/** `ascending`: the recipients' amounts, smallest first; `allocated`: their sum, the shares' whole. */
export function distributionFigures(ascending: readonly bigint[], allocated: bigint): DistributionFigures {
  const n = ascending.length;
  const topSum = (fraction: number) => {
    const count = Math.max(1, Math.ceil(n * fraction));
    let s = 0n;
    for (let i = Math.max(0, n - count); i < n; i++) s += ascending[i] as bigint;
    return s;
  };
  // Gini over the sorted amounts: G = 2·Σ i·x_i / (n·Σ x) − (n+1)/n, i from 1.
  let weighted = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const x = Number(ascending[i]);
    weighted += (i + 1) * x;
    sum += x;
  }
  const gini = n === 0 || sum === 0 ? 0 : Math.max(0, (2 * weighted) / (n * sum) - (n + 1) / n);
  const median = n === 0 ? 0n : n % 2 ? (ascending[(n - 1) / 2] as bigint) : (ascending[n / 2] as bigint);
  return {
    min: (ascending[0] ?? 0n).toString(),
    median: median.toString(),
    max: (ascending[n - 1] ?? 0n).toString(),
    top1Share: ratio(topSum(0.01), allocated),
    top10Share: ratio(topSum(0.1), allocated),
    gini: Math.round(gini * 1e6) / 1e6,
  };
}
