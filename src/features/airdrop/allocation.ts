/**
 * The allocation rule of a round, in exact integer arithmetic (docs/airdrop.md "The rule"):
 * participants with at least `minPoints` points at the snapshot who are not excluded share
 * `total` in proportion to points × their tier's multiplier; a per-address cap is applied by
 * water-filling (whoever would get more than the cap gets the cap and the rest is shared again
 * among the others, until no one is over); the rounding dust goes one base unit at a time to the
 * largest remainders. The sum is exactly `total` unless every eligible address is capped.
 * Pure and client-safe: the simulator, the publish job and the bench run this same code.
 */

export type Participant = { address: string; points: number; tier: string };

export type AllocationRule = {
  minPoints: number;
  /** Base units; null = no cap. */
  capPerAddress: bigint | null;
  /** Tier name → multiplier in basis points (10000 = 1x). Tiers not listed count 1x. */
  tierMultipliers: Readonly<Record<string, number>>;
};

export type Allocation = {
  address: string;
  points: number;
  tier: string;
  multiplierBps: number;
  amount: bigint;
  capped: boolean;
};

export type IneligibleReason = "below_minimum" | "excluded";
export type Ineligible = { address: string; points: number; reason: IneligibleReason };

export type AllocationResult = {
  /** Sorted by address: the position is the leaf index. */
  allocations: Allocation[];
  ineligible: Ineligible[];
  allocated: bigint;
  /** Left over only when every eligible address hit the cap (the cap is too low for the total). */
  unallocated: bigint;
  cappedCount: number;
};

export const ONE_X_BPS = 10_000;

type Work = { p: Participant; bps: number; weight: bigint; amount: bigint; rem: bigint; capped: boolean };

const byWeightDesc = (a: Work, b: Work) =>
  a.weight === b.weight ? (a.p.address < b.p.address ? -1 : 1) : a.weight > b.weight ? -1 : 1;

export function allocate(
  participants: readonly Participant[],
  rule: AllocationRule,
  total: bigint,
  excluded: ReadonlySet<string> = new Set(),
): AllocationResult {
  if (total < 0n) throw new RangeError("total must not be negative");
  const ineligible: Ineligible[] = [];
  const work: Work[] = [];
  for (const p of participants) {
    if (!(p.points > 0)) continue; // no points at the snapshot: not a participant of this round
    if (excluded.has(p.address)) {
      ineligible.push({ address: p.address, points: p.points, reason: "excluded" });
    } else if (p.points < rule.minPoints) {
      ineligible.push({ address: p.address, points: p.points, reason: "below_minimum" });
    } else {
      const bps = rule.tierMultipliers[p.tier] ?? ONE_X_BPS;
      if (!Number.isInteger(bps) || bps < 1) throw new RangeError(`bad multiplier for tier ${p.tier}`);
      work.push({ p, bps, weight: BigInt(p.points) * BigInt(bps), amount: 0n, rem: 0n, capped: false });
    }
  }
  work.sort(byWeightDesc);

  let remaining = total;
  let weightSum = 0n;
  for (const w of work) weightSum += w.weight;
  // Water-filling in one pass: capping only ever raises the others' shares, so the capped set is a
  // prefix of the weight order; "iterate until stable" is the same as walking that prefix.
  let k = 0;
  const cap = rule.capPerAddress;
  if (cap !== null) {
    while (k < work.length) {
      const w = work[k] as Work;
      if (remaining * w.weight <= cap * weightSum) break;
      w.amount = cap;
      w.capped = true;
      remaining -= cap;
      weightSum -= w.weight;
      k++;
    }
  }
  let allocated = total - remaining;
  if (k < work.length && weightSum > 0n) {
    let floors = 0n;
    for (let i = k; i < work.length; i++) {
      const w = work[i] as Work;
      const num = remaining * w.weight;
      w.amount = num / weightSum;
      w.rem = num % weightSum;
      floors += w.amount;
    }
    // Largest remainder: the dust (< number of uncapped addresses) goes one unit each to the largest
    // remainders; ties keep the weight order, so more weight never gets less.
    let dust = remaining - floors;
    if (dust > 0n) {
      const rest = work.slice(k);
      rest.sort((a, b) => (a.rem === b.rem ? byWeightDesc(a, b) : a.rem > b.rem ? -1 : 1));
      for (let i = 0; dust > 0n; i++, dust--) (rest[i] as Work).amount += 1n;
    }
    allocated = total;
  }

  const allocations: Allocation[] = [];
  for (const w of work) {
    if (w.amount === 0n) continue; // a zero leaf is worthless to claim; it stays out of the tree
    allocations.push({
      address: w.p.address,
      points: w.p.points,
      tier: w.p.tier,
      multiplierBps: w.bps,
      amount: w.amount,
      capped: w.capped,
    });
  }
  allocations.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  return { allocations, ineligible, allocated, unallocated: total - allocated, cappedCount: k };
}
